import Foundation
import Hummingbird
import HummingbirdTesting
import KanoraAPI
import LibraryCore
import LibraryServer
import LibraryServices
import Testing
import TestKit
import TestSupport

/// `POST scans` bodies as people write them by hand: `{}` syncs everything, `options` may be
/// left out or name only what it changes, and a batch size out of range is refused.
@Suite("Scan request bodies")
struct ScanBodyTests {
    private func decode(_ json: String) throws -> ScanBody {
        try ScanLibrariesRequest.decodeBody(Data(json.utf8))
    }

    @Test("options left out, null or partial decode with the defaults for what is not given")
    func optionalOptions() throws {
        #expect(try decode("{}") == ScanBody())
        #expect(try decode(#"{"options": null}"#) == ScanBody())
        #expect(try decode(#"{"library": "Music"}"#) == ScanBody(library: "Music"))
        #expect(try decode(#"{"options": {"full": true}}"#) == ScanBody(options: ScanOptions(full: true)))
        #expect(try decode(#"{"path": "/m/a", "options": {"batchSize": 10, "includeHidden": true}}"#)
            == ScanBody(path: RawPath("/m/a"), options: ScanOptions(includeHidden: true, batchSize: 10)))
        let every = ScanBody(library: "M", options: ScanOptions(full: true, includeHidden: true, batchSize: 7, allowEmptyRoot: true))
        #expect(try decode(String(decoding: try API.encoder.encode(every), as: UTF8.self)) == every)
    }

    @Test("a batch size of 0, a negative one or a huge one is refused, naming the key", arguments: [0, -3, 1_000_000])
    func badBatchSize(_ size: Int) throws {
        let error = #expect(throws: DecodingError.self) { try decode(#"{"options": {"batchSize": \#(size)}}"#) }
        guard case .dataCorrupted(let context)? = error else { Issue.record("\(String(describing: error))"); return }
        #expect(context.codingPath.map(\.stringValue) == ["options", "batchSize"])
        #expect(context.debugDescription == "must be from 1 to 4096, not \(size).")
    }

    @Test("POST scans with the body {} over HTTP syncs every library; a bad batch size is a 400 naming it")
    func emptyBodyOverHTTP() async throws {
        let folder = try TemporaryDirectory("scan-body")
        defer { folder.remove() }
        _ = try folder.write("one/a.mp3", FakeTagReader.file(FakeTagReader.track("A")))
        _ = try folder.write("two/b.mp3", FakeTagReader.file(FakeTagReader.track("B")))
        let services = try ServiceContainer.inMemory(reader: FakeTagReader())
        _ = try await services.scanner.run(folder.path("one"), name: "One")
        _ = try await services.scanner.run(folder.path("two"), name: "Two")
        _ = try folder.write("two/c.mp3", FakeTagReader.file(FakeTagReader.track("C")))
        _ = try await services.users.addUser(named: "alice", password: "sesame-sesame", isAdmin: true)
        let token = try await services.users.createAPIKey(forUser: "alice")
        let application = KanoraServer.application(services: services, configuration: ServerConfiguration(port: 0, watch: false))
        try await application.test(.live) { client in
            let headers: HTTPFields = [.authorization: "Bearer \(token)", .contentType: API.jsonContentType]
            let response = try await Wait.bounded("the scan of every library") {
                try await client.execute(uri: ScanLibrariesRequest.path, method: .post, headers: headers, body: ByteBuffer(string: "{}"))
            }
            #expect(response.status == .ok)
            let lines = String(buffer: response.body).split(separator: "\n").map { try? API.decoder.decode(ScanLine.self, from: Data($0.utf8)) }
            let summaries = lines.compactMap { line -> ScanSummary? in if case .event(.finished(let summary))? = line { summary } else { nil } }
            #expect(summaries.map(\.library.name) == ["One", "Two"])
            #expect(summaries.map(\.added) == [0, 1])

            let refused = try await client.execute(
                uri: ScanLibrariesRequest.path, method: .post, headers: headers, body: ByteBuffer(string: #"{"options": {"batchSize": 0}}"#))
            #expect(refused.status == .badRequest)
            let envelope = try API.decoder.decode(APIErrorEnvelope.self, from: Data(buffer: refused.body))
            #expect(envelope.libraryError.message.hasSuffix("options.batchSize: must be from 1 to 4096, not 0."))
        }
    }
}
