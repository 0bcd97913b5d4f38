import Foundation
import HummingbirdTesting
import KanoraAPI
import LibraryCore
import LibraryServer
import LibraryServices
import Testing
import TestKit
import TestSupport

/// A streamed scan that goes silent (a read blocked, another scan's lock) sends empty lines,
/// so a client's read timeout does not end it. Over a real socket, as the lines arrive.
@Suite("Streamed scans send empty lines while silent")
struct ScanKeepAliveTests {
    @Test func aSilentScanSendsEmptyLinesUntilItsNextLine() async throws {
        let folder = try TemporaryDirectory("keep-alive")
        defer { folder.remove() }
        for index in 1...3 {
            try folder.write("music/\(index).mp3", FakeTagReader.file(FakeTagReader.track("T\(index)")))
        }
        // After this first scan's three reads, reads block until resumed.
        let reader = FakeTagReader(pauseAfter: 3)
        // Resumed whatever happens, so a failing test cannot leave a read blocked.
        defer { reader.resume() }
        let services = try ServiceContainer.inMemory(reader: reader)
        _ = try await services.scanner.run(folder.path("music"), name: "Music")
        _ = try await services.users.addUser(named: "alice", password: "opensesame", isAdmin: true)
        let token = try await services.users.createAPIKey(forUser: "alice")
        let application = KanoraServer.application(
            services: services, configuration: ServerConfiguration(port: 0, watch: false, eventHeartbeat: .milliseconds(50)))

        try await application.test(.live) { client in
            let body = String(decoding: try API.encoder.encode(ScanBody(library: "Music", options: ScanOptions(full: true))), as: UTF8.self)
            let scan = try LoopbackEventStream.open(
                port: try #require(client.port), path: ScanLibrariesRequest.path, method: "POST",
                headers: ["Authorization": "Bearer \(token)"], body: body)
            defer { scan.drop() }
            let text = Shared("")
            let reading = Task {
                for try await chunk in scan.bytes { text.set(text.read() + String(decoding: chunk, as: UTF8.self)) }
            }
            defer { reading.cancel() }

            try await Wait.until("the scan's first read to block") { reader.totalReads > 3 }
            // What came before the silence; an empty line after it is a keep-alive.
            let silence = max(0, text.read().count - 1)
            try await Wait.until("an empty line while the scan is silent") { text.read().dropFirst(silence).contains("\n\n") }
            reader.resume()
            try await Wait.until("the scan's last line") {
                let received = text.read()
                guard let finished = received.range(of: #"{"finished""#) else { return false }
                return received[finished.upperBound...].contains("\n")
            }

            let lines = text.read().split(separator: "\n")
            #expect(lines.last?.hasPrefix(#"{"finished""#) == true, "\(text.read())")
            #expect(lines.count >= 2)
        }
    }
}
