import Foundation
import Hummingbird
import HummingbirdTesting
import LibraryServer
import LibraryServices
import Synchronization
import Testing
import TestKit
import TestSupport

/// The idle timeout and the connection cap of `kanora serve`, over real sockets.
@Suite("Connections: idle ones are closed, and only so many are served at once")
struct ConnectionBoundsTests {
    /// Runs `kanora serve`'s application on a free loopback port for `body` (HummingbirdTesting's
    /// live client would drop the connection cap from the configuration).
    private static func serve(
        idleTimeout: Duration, maximumConnections: Int, _ body: @escaping @Sendable (Int) async throws -> Void
    ) async throws {
        let configuration = ServerConfiguration(
            port: 0, watch: false, idleTimeout: idleTimeout, maximumConnections: maximumConnections)
        let bound = Shared<Int?>(nil)
        let application = KanoraServer.application(
            services: try ServiceContainer.inMemory(), configuration: configuration, onServerRunning: { bound.set($0) })
        let server = Task { try await application.runService() }
        defer { server.cancel() }
        try await Wait.until("the server to listen") { bound.read() != nil }
        try await body(bound.read()!)
    }

    /// Reads until the server closes the connection.
    private static func readToEnd(_ socket: LoopbackEventStream.Socket) -> [UInt8] {
        var bytes: [UInt8] = []
        while let chunk = try? socket.receive() { bytes += chunk }
        return bytes
    }

    @Test func aConnectionThatSendsNothingIsClosed() async throws {
        try await Self.serve(idleTimeout: .milliseconds(200), maximumConnections: 64) { port in
            let silent = try LoopbackEventStream.Socket(port: port)
            defer { silent.close() }
            let order = Order()
            Thread {
                order.append(Self.readToEnd(silent).isEmpty ? "closed" : "answered")
            }.start()
            try await Wait.until("the server to close an idle connection") { !order.all.isEmpty }
            #expect(order.all == ["closed"])
        }
    }

    @Test func aRequestBeyondTheCapWaitsForAConnectionToClose() async throws {
        try await Self.serve(idleTimeout: .milliseconds(300), maximumConnections: 1) { port in
            let order = Order()
            let first = try LoopbackEventStream.Socket(port: port)
            defer { first.close() }
            // A round trip on the first connection: the server has accepted it.
            try first.send(Array("GET /rest/getOpenSubsonicExtensions?f=json HTTP/1.1\r\nHost: x\r\n\r\n".utf8))
            _ = try first.receive()
            let second = try LoopbackEventStream.Socket(port: port)
            defer { second.close() }
            try second.send(Array("GET /rest/getOpenSubsonicExtensions?f=json HTTP/1.1\r\nHost: x\r\n\r\n".utf8))
            // A blocking read on a thread of its own: Swift's cooperative threads serve requests.
            Thread {
                let answer = (try? second.receive()) ?? []
                order.append(answer.starts(with: Array("HTTP/1.1 200".utf8)) ? "second answered" : "second failed")
                // Asked once the answer is in: the server closed the idle first connection before.
                order.append(first.isClosedByPeer() ? "first closed" : "first still open")
            }.start()
            try await Wait.until("the second connection to be answered") { order.all.count == 2 }
            // Only once the idle first connection was closed was the second one served.
            #expect(order.all == ["second answered", "first closed"])
        }
    }
}

/// What happened, in order, across threads.
private final class Order: Sendable {
    private let events = Mutex<[String]>([])
    func append(_ event: String) { events.withLock { $0.append(event) } }
    var all: [String] { events.withLock { $0 } }
}
