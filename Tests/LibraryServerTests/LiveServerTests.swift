import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Hummingbird
import HummingbirdTesting
@testable import LibraryServer
import LibraryServices
import Logging
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

    @Test func servesOnAFreeLoopbackPortAndStopsWhenCancelledThoughAClientKeepsItsConnection() async throws {
        let harness = try ServerHarness()
        let running = RunningServer(services: harness.services, configuration: ServerConfiguration(port: 0, watch: false))
        let port = try await running.port()
        let (data, response) = try await URLSession.shared.data(
            from: URL(string: "http://127.0.0.1:\(port)/rest/ping?\(ServerHarness.alice)&f=json")!)
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
        #expect(String(decoding: data, as: UTF8.self).contains(#""status":"ok""#))
        // A client that keeps its connection open after an answer, as players do.
        let kept = try LoopbackEventStream.open(port: port, path: "/rest/ping?\(ServerHarness.alice)&f=json")
        defer { kept.drop() }
        _ = try await Wait.bounded("the kept connection's answer") {
            var text = ""
            for try await chunk in kept.bytes {
                text += String(decoding: chunk, as: UTF8.self)
                if text.contains(#""status":"ok""#) { return text }
            }
            throw HarnessError("the kept connection closed before its answer: \(text)")
        }

        // Bounded: a shutdown that waited for the open connection would not end.
        try await running.stop()
        // The server closed the connection on its way out, and listens no more.
        _ = try await Wait.bounded("the kept connection to be closed") { try await kept.bytes.reduce(0) { $0 + $1.count } }
        #expect(throws: LoopbackEventStream.Failure.self) { _ = try LoopbackEventStream.Socket(port: port) }
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
        try await first.stop()
    }

    @Test func keepsTheLibrariesInSyncWhileServing() async throws {
        let library = try TemporaryDirectory()
        defer { library.remove() }
        try library.copy(Fixtures.url("tagged.flac"), to: "a/one.flac")
        let harness = try ServerHarness()
        _ = try await harness.services.scanner.run(library.path(""), name: "Live")
        let lines = LogLines()
        var logger = Logger(label: "test") { _ in CapturingLogHandler(lines: lines) }
        logger.logLevel = .info
        let running = RunningServer(services: harness.services, configuration: ServerConfiguration(port: 0, watch: true), logger: logger)
        _ = try await running.port()
        // The watch starts after the server listens; it logs once its folders are watched.
        try await Wait.until("the watch to start") { lines.all.contains { $0.contains("watching Live") } }
        try library.copy(Fixtures.url("tagged.flac"), to: "a/new.flac")
        try await Wait.until("the file copied while serving to be synced") {
            try await harness.services.library.tracks(ListRequest()).count == 2
        }
        try await running.stop()
    }
}

/// `KanoraServer.serve` running in a task, with its port and a bounded stop.
final class RunningServer: Sendable {
    private let task: Task<Void, any Error>
    private let ports: AsyncStream<Int>

    init(
        services: ServiceContainer, configuration: ServerConfiguration,
        logger: Logger = KanoraServer.standardErrorLogger(verbose: false, quiet: true)
    ) {
        let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
        self.ports = ports
        task = Task {
            defer { continuation.finish() }
            try await KanoraServer.serve(services: services, configuration: configuration, logger: logger) { port in
                continuation.yield(port)
            }
        }
    }

    /// The bound port, once listening.
    func port() async throws -> Int {
        try await Wait.first("the server to listen", in: ports)
    }

    /// Cancels the server (as SIGTERM would shut it down) and returns once it has stopped.
    func stop() async throws {
        task.cancel()
        try await Wait.bounded("the server to stop") { [task] in try await task.value }
    }
}
