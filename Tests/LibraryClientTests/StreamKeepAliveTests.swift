import Foundation
import Hummingbird
import HummingbirdTesting
import KanoraAPI
import LibraryClient
import LibraryCore
import LibraryServices
import Testing
import TestKit
import TestSupport

/// A streamed scan that goes silent sends empty lines so a client's read timeout does not end
/// it (the server's side: `ScanKeepAliveTests`); the client skips them.
@Suite("Streamed scans stay alive while silent")
struct StreamKeepAliveTests {
    @Test func aRemoteScanReadsThroughTheEmptyLines() async throws {
        let folder = try TemporaryDirectory("keep-alive-remote")
        defer { folder.remove() }
        try folder.write("music/1.mp3", FakeTagReader.file(FakeTagReader.track("T1")))
        let summary = try await ServiceContainer.inMemory(reader: FakeTagReader()).scanner.run(folder.path("music"), name: "Music").summary
        let progress = ScanProgress(found: 1, read: 1, currentPath: folder.path("music/1.mp3"))
        // A server whose scan answer has empty lines first, between its lines and last.
        let frames = try ["\n", Self.line(.event(.progress(progress))), "\n", "\n", Self.line(.event(.finished(summary))), "\n"]
        let router = Router()
        router.get("/api/v1/version") { _, _ in #"{"api":1,"server":"dev"}"# }
        router.post(RouterPath(ScanLibrariesRequest.path)) { _, _ in
            Response(status: .ok, headers: [.contentType: API.streamContentType], body: ResponseBody { writer in
                for frame in frames { try await writer.write(ByteBuffer(string: frame)) }
                try await writer.finish(nil)
            })
        }
        let application = Application(router: router, configuration: ApplicationConfiguration(address: .hostname("127.0.0.1", port: 0)))
        try await application.test(.live) { client in
            let remote = try ServiceContainer.remote(url: URL(string: "http://127.0.0.1:\(client.port!)")!, token: "knr_x")
            let (received, events) = try await remote.scanner.run(folder.path("music"), options: ScanOptions(full: true))
            #expect(events.count == 2)
            #expect(events.first == .progress(progress))
            #expect(received.added == 1)
            #expect(received.library.name == "Music")
        }
    }

    /// One line of a streamed scan, as the server writes it.
    private static func line(_ line: ScanLine) throws -> String {
        String(decoding: try API.encoder.encode(line), as: UTF8.self) + "\n"
    }
}
