import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Hummingbird
import HummingbirdTesting
@testable import LibraryServer
import LibraryServices
import Synchronization
import TestKit
import TestSupport
import Testing

@Suite("Live server", .serialized)
struct LiveServerTests {
    @Test func answersOverRealHTTP() async throws {
        try await ServerHarness().application.test(.live) { client in
            let response = try await client.execute(uri: "/rest/ping.view?\(ServerHarness.alice)&f=json", method: .get)
            #expect(response.status == .ok)
            #expect(try JSONAnswer(response.body).status == "ok")
        }
    }

    @Test func servesOnAFreeLoopbackPortAndStopsWithinASecondWhenCancelled() async throws {
        let harness = try ServerHarness()
        let running = RunningServer(services: harness.services, configuration: ServerConfiguration(port: 0, watch: false))
        let port = try await running.port()
        let (data, response) = try await URLSession.shared.data(
            from: URL(string: "http://127.0.0.1:\(port)/rest/ping?\(ServerHarness.alice)&f=json")!)
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
        #expect(String(decoding: data, as: UTF8.self).contains(#""status":"ok""#))
        let elapsed = try await running.stop()
        #expect(elapsed < .seconds(1))
    }

    @Test func aPortInUseIsOneClearError() async throws {
        let harness = try ServerHarness()
        let first = RunningServer(services: harness.services, configuration: ServerConfiguration(port: 0, watch: false))
        let port = try await first.port()
        do {
            try await Wait.bounded("the second server to fail") {
                try await KanoraServer.serve(
                    services: harness.services, configuration: ServerConfiguration(port: port, watch: false),
                    logger: KanoraServer.standardErrorLogger(verbose: false, quiet: true))
            }
            Issue.record("a second server listened on the same port")
        } catch let error as LibraryError {
            #expect(error.message == "Cannot listen on 127.0.0.1:\(port): the port is in use (another kanora serve?); pass another --port.")
        }
        _ = try await first.stop()
    }

    @Test func keepsTheLibrariesInSyncWhileServing() async throws {
        let library = try TemporaryDirectory()
        defer { library.remove() }
        try library.copy(Fixtures.url("tagged.flac"), to: "a/one.flac")
        let harness = try ServerHarness()
        _ = try await harness.services.scanner.run(library.path(""), name: "Live")
        let running = RunningServer(services: harness.services, configuration: ServerConfiguration(port: 0, watch: true))
        _ = try await running.port()
        // The watcher starts shortly after the server: a new file every 4 seconds (longer
        // than the 2-second debounce) until one is synced, so the test does not depend on
        // when inotify starts.
        let checks = Mutex(0)
        try await Wait.until("a file copied while serving to be synced", timeout: .seconds(20)) {
            let check = checks.withLock { count in
                count += 1
                return count
            }
            if check % 200 == 1 { _ = try? library.copy(Fixtures.url("tagged.flac"), to: "a/new\(check).flac") }
            return try await harness.services.library.tracks(ListRequest()).count >= 2
        }
        _ = try await running.stop()
    }
}

/// `KanoraServer.serve` running in a task, with its port and a bounded stop.
final class RunningServer: Sendable {
    private let task: Task<Void, any Error>
    private let ports: AsyncStream<Int>

    init(services: ServiceContainer, configuration: ServerConfiguration) {
        let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
        self.ports = ports
        task = Task {
            defer { continuation.finish() }
            try await KanoraServer.serve(
                services: services, configuration: configuration,
                logger: KanoraServer.standardErrorLogger(verbose: false, quiet: true)
            ) { port in continuation.yield(port) }
        }
    }

    /// The bound port, once listening.
    func port() async throws -> Int {
        try await Wait.first("the server to listen", in: ports)
    }

    /// Cancels the server (as SIGTERM would shut it down) and returns how long it took to stop.
    func stop() async throws -> Duration {
        let clock = ContinuousClock()
        let started = clock.now
        task.cancel()
        try await Wait.bounded("the server to stop") { [task] in try await task.value }
        return clock.now - started
    }
}
