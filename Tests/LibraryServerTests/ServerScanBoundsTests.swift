#if canImport(Glibc)
import Glibc
#endif
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

/// Scans over `/api/v1/scans`: one at a time, stopped when the client leaves, and never
/// outside a library, over real HTTP on 127.0.0.1.
@Suite("API scans: one at a time, inside libraries")
struct ServerScanBoundsTests {
    private static let admin = ["Authorization": "Bearer \(FakeUserService.aliceKey)"]

    /// Holds the scan lock of `url` as another process would.
    private final class HeldLock: Sendable {
        let fd: Int32
        init(_ url: URL) {
            fd = open(url.path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
            flock(fd, LOCK_EX)
        }
        func release() { close(fd) }
    }

    @Test func aSecondScanIsRefusedNamingTheFirstWhichStopsWhenItsClientLeaves() async throws {
        let folder = try TemporaryDirectory("api-scan")
        defer { folder.remove() }
        try folder.copy(Fixtures.url("id3v24.mp3"), to: "music/a.mp3")
        let lockURL = folder.url.appendingPathComponent("scan.lock")
        let base = try ServiceContainer.inMemory(scanFiles: ScanFiles(lock: lockURL))
        _ = try await base.scanner.run(folder.path("music"), name: "Music")
        let harness = try ServerHarness(services: base, eventHeartbeat: .milliseconds(200))
        let lock = HeldLock(lockURL)
        defer { lock.release() }
        try await harness.live { client in
            let port = try #require(client.port)
            let everything = String(decoding: try API.encoder.encode(ScanBody()), as: UTF8.self)
            let first = try LoopbackEventStream.open(
                port: port, path: ScanLibrariesRequest.path, method: "POST", headers: Self.admin, body: everything)
            let waiting = try await Wait.bounded("the first scan to wait for the lock") { () -> [UInt8] in
                var received: [UInt8] = []
                // Empty heartbeat lines may come first on a loaded machine.
                for try await chunk in first.bytes {
                    received += chunk
                    if String(decoding: received, as: UTF8.self).contains("waiting") { break }
                }
                return received
            }
            #expect(String(decoding: waiting, as: UTF8.self).contains("waiting"))
            #expect(harness.state.apiScan.current?.contains("started by alice") == true)

            let second = try await client.execute(
                uri: ScanLibrariesRequest.path, method: .post,
                headers: [.authorization: "Bearer \(FakeUserService.aliceKey)", .contentType: API.jsonContentType],
                body: ByteBuffer(bytes: try API.encoder.encode(ScanBody(library: "Music"))))
            #expect(second.status == .conflict)
            let message = try API.decoder.decode(APIErrorEnvelope.self, from: Data(second.body.readableBytesView)).error.message
            #expect(message.hasPrefix("Another scan is running (a scan of \(folder.path("music")) started by alice)"), "\(message)")

            // The first client leaves while its scan still waits for the lock: the scan stops
            // and frees the slot (before, it waited for the lock after its client had gone).
            first.drop()
            try await Wait.until("the abandoned scan to stop") { harness.state.apiScan.current == nil }
        }
    }

    @Test func aScanThroughASymlinkOutOfTheLibraryIsRefusedAndAddsNoLibrary() async throws {
        let folder = try TemporaryDirectory("api-scan-link")
        defer { folder.remove() }
        try folder.copy(Fixtures.url("id3v24.mp3"), to: "music/a.mp3")
        try folder.copy(Fixtures.url("tagged.flac"), to: "outside/x/b.flac")
        let base = try ServiceContainer.inMemory()
        _ = try await base.scanner.run(folder.path("music"), name: "Music")
        try FileManager.default.createSymbolicLink(atPath: folder.path("music/link"), withDestinationPath: folder.path("outside"))
        let before = try await base.library.libraries()
        try await ServerHarness(services: base).live { client in
            let body = try API.encoder.encode(ScanBody(path: RawPath(folder.path("music/link/x"))))
            let response = try await client.execute(
                uri: ScanLibrariesRequest.path, method: .post,
                headers: [.authorization: "Bearer \(FakeUserService.aliceKey)", .contentType: API.jsonContentType],
                body: ByteBuffer(bytes: body))
            // The scan's stream ends with its error line.
            let last = String(buffer: response.body).split(separator: "\n").last.map(String.init) ?? ""
            let line = try API.decoder.decode(ScanLine.self, from: Data(last.utf8))
            guard case .error(let error) = line else { Issue.record("the scan did not fail: \(last)"); return }
            #expect(error.kind == "notFound")
            // The message names the resolved folder: the check ran after the link was followed.
            #expect(error.message == "\(folder.path("outside/x")) is inside none of the libraries: add it with `kanora scan` on the server.")
        }
        #expect(try await base.library.libraries() == before)
    }

    @Test func aBodyOverItsRoutesLimitIs413AndChangesNothing() async throws {
        let base = try ServiceContainer.inMemory()
        try await ServerHarness(services: base).live { client in
            let description = String(repeating: "x", count: 100_000)
            let body = #"{"name":"Big","description":"\#(description)"}"#
            let response = try await client.execute(
                uri: CreatePlaylistRequest.path, method: .post,
                headers: [.authorization: "Bearer \(FakeUserService.aliceKey)", .contentType: API.jsonContentType],
                body: ByteBuffer(string: body))
            #expect(response.status == .contentTooLarge)
            let message = try API.decoder.decode(APIErrorEnvelope.self, from: Data(response.body.readableBytesView)).error.message
            #expect(message == "The body of `POST /api/v1/playlists` may be at most 64 KiB: send less.")
        }
        #expect(try await base.playlists(for: FakeUserService.alice.id).playlists().isEmpty)
    }
}
