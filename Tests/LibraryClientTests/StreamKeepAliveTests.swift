import Foundation
import Hummingbird
import HummingbirdTesting
import KanoraAPI
import LibraryClient
import LibraryCore
import LibraryServer
import LibraryServices
import Testing
import TestKit
import TestSupport

/// A streamed scan that goes silent (reads blocked, another scan's lock) sends empty lines,
/// so a client's read timeout does not end it; the client skips them.
@Suite("Streamed scans stay alive while silent")
struct StreamKeepAliveTests {
    /// A server whose reader blocks after the first scan's three reads, until resumed.
    private struct Gated {
        let reader = FakeTagReader(pauseAfter: 3)
        let services: ServiceContainer
        let token: String
        let root: String

        init(_ folder: TemporaryDirectory) async throws {
            for index in 1...3 {
                _ = try folder.write("music/\(index).mp3", FakeTagReader.file(FakeTagReader.track("T\(index)")))
            }
            root = folder.path("music")
            services = try ServiceContainer.inMemory(reader: reader)
            _ = try await services.scanner.run(root, name: "Music")
            _ = try await services.users.addUser(named: "alice", password: "opensesame", isAdmin: true)
            token = try await services.users.createAPIKey(forUser: "alice")
        }

        func application() -> some ApplicationProtocol {
            KanoraServer.application(
                services: services,
                configuration: ServerConfiguration(port: 0, watch: false, eventHeartbeat: .milliseconds(50)))
        }

        /// Once a read is blocked, lets it go on after a silence of several heartbeats.
        func resumeSoon() {
            let reader = self.reader
            Task {
                // Resumed whatever happens, so a failing test cannot leave a read blocked.
                defer { reader.resume() }
                try? await Wait.until("the second scan's first read to block") { reader.totalReads > 3 }
                try? await Task.sleep(for: .milliseconds(400))
            }
        }
    }

    @Test func aSilentScanSendsEmptyLinesBetweenItsEvents() async throws {
        let folder = try TemporaryDirectory("keep-alive")
        let gated = try await Gated(folder)
        try await gated.application().test(.router) { client in
            gated.resumeSoon()
            let body = try API.encoder.encode(ScanBody(library: "Music", options: ScanOptions(full: true)))
            let response = try await client.execute(
                uri: ScanLibrariesRequest.path, method: .post,
                headers: [.authorization: "Bearer \(gated.token)", .contentType: API.jsonContentType], body: ByteBuffer(bytes: body))
            #expect(response.status == .ok)
            let text = String(buffer: response.body)
            // Every line but the last newline's empty remainder: an empty one is a keep-alive.
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
            #expect(lines.contains(""), "no keep-alive line in \(text)")
            #expect(text.split(separator: "\n").last?.hasPrefix(#"{"finished""#) == true)
        }
    }

    @Test func aRemoteScanReadsThroughTheEmptyLines() async throws {
        let folder = try TemporaryDirectory("keep-alive-remote")
        let gated = try await Gated(folder)
        try await gated.application().test(.live) { client in
            let remote = try ServiceContainer.remote(url: URL(string: "http://127.0.0.1:\(client.port!)")!, token: gated.token)
            gated.resumeSoon()
            let (summary, _) = try await remote.scanner.run(gated.root, options: ScanOptions(full: true))
            #expect(summary.updated == 3)
            #expect(summary.library.name == "Music")
        }
    }
}
