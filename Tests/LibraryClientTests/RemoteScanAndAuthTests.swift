import Foundation
import KanoraAPI
import LibraryClient
import LibraryCore
import LibraryServices
import TestKit
import TestSupport
import Testing

@Suite("Remote scans, authentication and transport failures")
struct RemoteScanAndAuthTests {
    @Test func aRemoteScanSyncsTheServersLibraryAndStreamsItsEvents() async throws {
        let folder = try TemporaryDirectory("remote-scan")
        defer { folder.remove() }
        _ = try folder.copy(Fixtures.url("tagged.flac"), to: "music/one.flac")
        let harness = try await RemoteHarness(scanning: folder.path("music"))
        let library = try await harness.server.library.library(named: "Samples")
        _ = try folder.copy(Fixtures.url("tagged.flac"), to: "music/sub/two.flac")
        try await harness.run { remote, _ in
            let events = try await Wait.bounded("the remote scan") {
                try await remote.scanner.scan(ScanRequest(path: library.root)).reduce(into: [ScanEvent]()) { $0.append($1) }
            }
            guard case .started(let started, _)? = events.first, case .finished(let summary)? = events.last else {
                Issue.record("the events were \(events)")
                return
            }
            #expect(started == library.withoutScanDate(like: started))
            #expect(summary.added == 1 && summary.unchanged == 1)
            #expect(events.contains { if case .progress = $0 { true } else { false } })
            #expect(try await harness.server.library.tracks(ListRequest()).count == 2)
        }
    }

    @Test func everyLibraryOrOneByNameIsSyncedOnTheServer() async throws {
        let harness = try await RemoteHarness()
        try await harness.run { _, address in
            let scanner = RemoteScanService(client: APIClient(baseURL: address, token: harness.token))
            let all = try await Wait.bounded("every library synced") {
                try await scanner.scan(ScanBody()).reduce(into: [ScanEvent]()) { $0.append($1) }
            }
            let summaries = all.compactMap { if case .finished(let summary) = $0 { summary } else { nil } }
            #expect(summaries.map(\.library.name) == ["Samples"])
            #expect(summaries.first?.unchanged == (try await harness.server.library.tracks(ListRequest())).count)
            let named = try await Wait.bounded("one library synced") {
                try await scanner.scan(ScanBody(library: "samples", options: ScanOptions(full: true))).reduce(into: [ScanEvent]()) { $0.append($1) }
            }
            guard case .finished(let summary)? = named.last else { Issue.record("no summary in \(named)"); return }
            #expect(summary.updated > 0 && summary.unchanged == 0)
            let unknown = await #expect(throws: LibraryError.self) {
                try await Wait.bounded("the refusal") { for try await _ in scanner.scan(ScanBody(library: "Nope")) {} }
            }
            #expect(unknown?.code == .notFound)
        }
    }

    @Test func aScanOutsideTheServersLibrariesIsRefused() async throws {
        let harness = try await RemoteHarness()
        try await harness.run { remote, _ in
            for path in ["/etc", Fixtures.sampleLibrary.path + "/../../Sources", "relative"] {
                let error = await #expect(throws: LibraryError.self) {
                    try await Wait.bounded("the refusal") {
                        for try await _ in remote.scanner.scan(ScanRequest(path: RawPath(path))) {}
                    }
                }
                #expect(error?.code == .notFound || error?.code == .invalidInput)
            }
            let libraries = try await harness.server.library.libraries()
            #expect(libraries.count == 1)
        }
    }

    @Test func aWrongTokenIsOneClearLine() async throws {
        let harness = try await RemoteHarness(scanning: nil)
        try await harness.run(token: "knr_wrong") { remote, _ in
            let error = await #expect(throws: LibraryError.self) { try await remote.library.libraries() }
            #expect(error?.code == .unauthorized)
            #expect(error?.message == "The server refused the token: create one with `kanora user key NAME` on the server and pass it with --token or KANORA_TOKEN.")
        }
    }

    @Test func aDeadServerIsOneClearLine() async throws {
        let port = try deadPort()
        let remote = try ServiceContainer.remote(url: URL(string: "http://127.0.0.1:\(port)")!, token: "knr_x")
        let error = await #expect(throws: LibraryError.self) {
            try await Wait.bounded("the refusal") { try await remote.library.libraries() }
        }
        // Refused, not retried until the 5-second connect timeout (whose message differs):
        // no wall-clock assertion, which a loaded machine can break.
        #expect(error?.code == .unavailable)
        #expect(error?.message == "Cannot reach the Kanora server at http://127.0.0.1:\(port): connection refused. Is `kanora serve` running there?")
    }

    @Test func aServerThatIsNotKanoraIsSaidSo() async throws {
        let harness = try await RemoteHarness(scanning: nil)
        try await harness.run { _, url in
            let other = try ServiceContainer.remote(url: url.appendingPathComponent("rest"), token: harness.token)
            let error = await #expect(throws: LibraryError.self) { try await other.library.libraries() }
            #expect(error?.code == .unavailable)
            #expect(error?.message.contains("is not a Kanora server (HTTP 404") == true)
        }
    }

    @Test func badAddressesAndMissingTokensAreRefusedBeforeAnyRequest() {
        #expect(throws: LibraryError.self) { try ServiceContainer.remote(url: URL(string: "ftp://host")!, token: "k") }
        let missing = #expect(throws: LibraryError.self) { try ServiceContainer.remote(url: URL(string: "http://host")!, token: "") }
        #expect(missing?.message.contains("--token") == true)
    }
}

extension Library {
    /// This library with `other`'s last scan date (a scan sets it).
    func withoutScanDate(like other: Library) -> Library {
        var copy = self
        copy.lastScanAt = other.lastScanAt
        return copy
    }
}
