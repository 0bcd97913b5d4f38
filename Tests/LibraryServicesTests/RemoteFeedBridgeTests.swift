import Foundation
import LibraryCore
import LibraryServices
import Synchronization
import Testing
import TestKit
import TestSupport

/// A fake server: each connect hands out the next scripted stream, whose bytes the test feeds.
private final class FakeServer: Sendable {
    private struct State {
        var connections: [AsyncThrowingStream<[UInt8], any Error>.Continuation] = []
        var lastEventIDs: [String?] = []
        var refusals = 0
        var ended = 0
    }

    private let state = Mutex(State())

    /// How many connects fail (as a refused connection would) before the next one succeeds.
    func refuse(_ count: Int) { state.withLock { $0.refusals = count } }

    var connect: RemoteFeedBridge.Connect {
        { [self] lastEventID in
            try state.withLock { state in
                state.lastEventIDs.append(lastEventID)
                if state.refusals > 0 {
                    state.refusals -= 1
                    throw URLError(.cannotConnectToHost)
                }
                let (stream, continuation) = AsyncThrowingStream.makeStream(of: [UInt8].self)
                continuation.onTermination = { [self] _ in self.state.withLock { $0.ended += 1 } }
                state.connections.append(continuation)
                return stream
            }
        }
    }

    var connectionCount: Int { state.withLock { $0.connections.count } }
    var lastEventIDs: [String?] { state.withLock { $0.lastEventIDs } }
    /// How many of the streams handed out have ended (dropped here, or let go by the bridge).
    var endedCount: Int { state.withLock { $0.ended } }

    /// Sends `event` with `id` on the newest connection, split in two chunks.
    func send(_ event: LibraryEvent, id: Int) {
        let bytes = Array(event.serverSentEvent(id: String(id)).encoded.utf8)
        let connection = state.withLock { $0.connections.last }
        connection?.yield(Array(bytes.prefix(5)))
        connection?.yield(Array(bytes.dropFirst(5)))
    }

    /// Drops the newest connection, as a network failure would.
    func drop() {
        state.withLock { $0.connections.last }?.finish(throwing: URLError(.networkConnectionLost))
    }
}

@Suite("RemoteFeedBridge")
struct RemoteFeedBridgeTests {
    private let fast = ReconnectBackoff(initial: .milliseconds(10), maximum: .milliseconds(40))

    /// A started bridge connected to a fake server, and a subscription to the local feed it publishes to.
    private func connected() async throws -> (FakeServer, RemoteFeedBridge, AsyncStream<LibraryEvent>) {
        let server = FakeServer()
        let feed = ChangeFeed()
        let events = feed.events()
        let bridge = RemoteFeedBridge(feed: feed, backoff: fast, connect: server.connect)
        bridge.start()
        try await Wait.until("the connection") { server.connectionCount == 1 }
        return (server, bridge, events)
    }

    @Test func eventsFromTheStreamArePublishedToTheLocalFeed() async throws {
        let (server, bridge, events) = try await connected()

        server.send(.playlistsChanged(playlistID: 5), id: 1)
        server.send(.tracksChanged(libraryID: 2), id: 2)

        let received = try await Wait.prefix("the events", of: events) { $0 == .tracksChanged(libraryID: 2) }
        #expect(received == [.playlistsChanged(playlistID: 5), .tracksChanged(libraryID: 2)])
        #expect(server.lastEventIDs == [nil])
        await bridge.stop()
    }

    @Test func aDroppedStreamReconnectsWithTheLastIDAndPublishesAFullReload() async throws {
        let (server, bridge, events) = try await connected()
        server.send(.librariesChanged, id: 1)
        #expect(try await Wait.first("the first event", in: events) == .librariesChanged)

        server.refuse(2)
        server.drop()

        try await Wait.until("the reconnection") { server.connectionCount == 2 }
        let reload = try await Wait.prefix("the full reload", of: events) { $0 == .playlistsChanged(playlistID: nil) }
        #expect(reload == [.librariesChanged, .tracksChanged(libraryID: nil), .playlistsChanged(playlistID: nil)])
        // Two refused attempts, then the reconnection: each sent the last id received.
        #expect(server.lastEventIDs == [nil, "1", "1", "1"])
        #expect(bridge.connectionCount == 2)

        server.send(.playlistsChanged(playlistID: 8), id: 1)
        #expect(try await Wait.first("an event after the reconnection", in: events) == .playlistsChanged(playlistID: 8))
        await bridge.stop()
    }

    @Test func stopEndsTheStreamAndReconnectsNoMore() async throws {
        let server = FakeServer()
        let feed = ChangeFeed()
        let bridge = RemoteFeedBridge(feed: feed, backoff: fast, connect: server.connect)
        bridge.start()
        try await Wait.until("the connection") { server.connectionCount == 1 }

        try await Wait.bounded("the bridge to stop") { await bridge.stop() }

        // `stop()` returns once the bridge's task has ended: what it did by then is all it does.
        #expect(server.endedCount == 1)
        #expect(server.connectionCount == 1)
        #expect(server.lastEventIDs.count == 1)
    }

    @Test func aFatalErrorStopsTheBridgeAndIsKept() async throws {
        let attempts = Shared(0)
        let bridge = RemoteFeedBridge(feed: ChangeFeed(), backoff: fast, isFatal: { ($0 as? LibraryError)?.code == .forbidden }) { _ in
            attempts.set(attempts.read() + 1)
            throw LibraryError(.forbidden, "The API key was not accepted: make one with `kanora user key`.")
        }
        bridge.start()
        // Its task ends by itself (nothing stops it): a bridge that tried again would not end.
        try await Wait.bounded("the bridge to give up") { await bridge.ended() }
        #expect(bridge.failure == LibraryError(.forbidden, "The API key was not accepted: make one with `kanora user key`."))
        #expect(attempts.read() == 1)
        await bridge.stop()
    }

    @Test func theBackoffDoublesUpToItsBound() {
        let backoff = ReconnectBackoff(initial: .milliseconds(100), maximum: .seconds(1))
        #expect((1...6).map { backoff.delay(afterFailures: $0) }
            == [.milliseconds(100), .milliseconds(200), .milliseconds(400), .milliseconds(800), .seconds(1), .seconds(1)])
        #expect(backoff.delay(afterFailures: 10_000) == .seconds(1))
    }
}
