import Foundation
import Hummingbird
import HummingbirdTesting
import LibraryServer
import LibraryServices
import Synchronization
import Testing
import TestKit

/// The idle timeout and the connection cap of `kanora serve`, over real sockets.
@Suite("Connections: idle ones are closed, and only so many are served at once")
struct ConnectionBoundsTests {
    private static func application(idleTimeout: Duration, maximumConnections: Int) throws -> some ApplicationProtocol {
        let configuration = ServerConfiguration(
            port: 0, watch: false, idleTimeout: idleTimeout, maximumConnections: maximumConnections)
        return KanoraServer.application(services: try ServiceContainer.inMemory(), configuration: configuration)
    }

    /// Reads until the server closes the connection.
    private static func readToEnd(_ socket: LoopbackEventStream.Socket) -> [UInt8] {
        var bytes: [UInt8] = []
        while let chunk = try? socket.receive() { bytes += chunk }
        return bytes
    }

    @Test func aConnectionThatSendsNothingIsClosed() async throws {
        try await Self.application(idleTimeout: .milliseconds(200), maximumConnections: 64).test(.live) { client in
            let silent = try LoopbackEventStream.Socket(port: try #require(client.port))
            defer { silent.close() }
            let received = try await Wait.bounded("the server to close an idle connection") { Self.readToEnd(silent) }
            #expect(received.isEmpty)
        }
    }

    @Test func aRequestBeyondTheCapWaitsForAConnectionToClose() async throws {
        try await Self.application(idleTimeout: .milliseconds(300), maximumConnections: 1).test(.live) { client in
            let port = try #require(client.port)
            let order = Order()
            let first = try LoopbackEventStream.Socket(port: port)
            defer { first.close() }
            // A round trip on the first connection: the server has accepted it.
            try first.send(Array("GET /rest/getOpenSubsonicExtensions?f=json HTTP/1.1\r\nHost: x\r\n\r\n".utf8))
            _ = try first.receive()
            let second = try LoopbackEventStream.Socket(port: port)
            defer { second.close() }
            try second.send(Array("GET /rest/getOpenSubsonicExtensions?f=json HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".utf8))
            let closed = Task.detached {
                _ = Self.readToEnd(first)
                order.append("first closed")
            }
            let answered = Task.detached {
                let answer = Self.readToEnd(second)
                order.append(answer.starts(with: Array("HTTP/1.1 200".utf8)) ? "second answered" : "second failed")
            }
            try await Wait.bounded("both connections to end") {
                await closed.value
                await answered.value
            }
            // Only once the idle first connection was closed was the second one served.
            #expect(order.all == ["first closed", "second answered"])
        }
    }
}

/// What happened, in order, across threads.
private final class Order: Sendable {
    private let events = Mutex<[String]>([])
    func append(_ event: String) { events.withLock { $0.append(event) } }
    var all: [String] { events.withLock { $0 } }
}
