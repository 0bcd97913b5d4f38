import Foundation
import Hummingbird
import HummingbirdTesting
import LibraryCore
import LibraryServer
import LibraryServices
import LibraryViewModels
import Testing
import TestKit
import TestSupport

/// `EventStreamResponder` on a bare route (no auth: the API group adds it), over real HTTP.
@Suite("Event stream (Server-Sent Events)")
struct EventStreamTests {
    private static func application(_ services: ServiceContainer, heartbeat: Duration = .seconds(15)) -> some ApplicationProtocol {
        let router = Router()
        router.get("events") { _, _ in EventStreamResponder.response(feed: services.feed, heartbeat: heartbeat) }
        return Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)))
    }

    /// Reads `bytes` as Server-Sent Events until one `isLast` accepts.
    private static func read(
        _ what: String, from bytes: AsyncThrowingStream<[UInt8], any Error>, through isLast: @escaping @Sendable (LibraryEvent) -> Bool
    ) async throws -> [ServerSentEvent] {
        try await Wait.bounded(what) {
            var parser = SSEParser()
            var messages: [ServerSentEvent] = []
            for try await chunk in bytes {
                messages += parser.feed(chunk)
                if messages.compactMap(LibraryEvent.init).contains(where: isLast) { return messages }
            }
            throw HarnessError("the stream ended before \(what)")
        }
    }

    @Test func aPlaylistEditAndAScansTrackChangesReachTheClientAsParsedEvents() async throws {
        let folder = try TemporaryDirectory("sse")
        defer { folder.remove() }
        try folder.write("a.mp3", FakeTagReader.file(FakeTagReader.track("A")))
        let services = try ServiceContainer.inMemory(reader: FakeTagReader())
        let subscribers = services.feed.subscriberCount
        try await Self.application(services).test(.live) { client in
            let connection = try LoopbackEventStream.open(port: try #require(client.port), path: "/events")
            try await Wait.until("the server to subscribe") { services.feed.subscriberCount == subscribers + 1 }

            let playlist = try await services.playlists.create(PlaylistDraft(name: "Road"))
            let library = try await services.scanner.run(folder.url.path, name: "Music").summary.library

            let messages = try await Self.read("the scan's tracksChanged", from: connection.bytes) { $0 == .tracksChanged(libraryID: library.id) }
            let events = messages.compactMap(LibraryEvent.init)
            #expect(events.first == .playlistsChanged(playlistID: playlist.id))
            #expect(events.contains(.tracksChanged(libraryID: library.id)))
            // Each event names its kind and counts up from 1.
            #expect(messages.first?.event == "playlistsChanged")
            #expect(messages.map(\.id) == (1...messages.count).map { String($0) })
            connection.drop()
        }
    }

    @Test func heartbeatsFlowAndAClientThatLeavesIsUnsubscribed() async throws {
        let services = try ServiceContainer.inMemory(reader: FakeTagReader())
        let subscribers = services.feed.subscriberCount
        try await Self.application(services, heartbeat: .milliseconds(100)).test(.live) { client in
            let connection = try LoopbackEventStream.open(port: try #require(client.port), path: "/events")
            let text = try await Wait.bounded("two heartbeats") {
                var text = ""
                for try await chunk in connection.bytes {
                    text += String(decoding: chunk, as: UTF8.self)
                    if text.components(separatedBy: ": heartbeat\n\n").count > 2 { return text }
                }
                return text
            }
            #expect(text.hasPrefix(": kanora events\n\n"))
            #expect(services.feed.subscriberCount == subscribers + 1)

            connection.drop()

            try await Wait.until("the server to notice and unsubscribe") { services.feed.subscriberCount == subscribers }
        }
    }

    @Test func aClientThatStopsReadingIsDroppedAndItsSubscriptionEnds() async throws {
        let services = try ServiceContainer.inMemory()
        let subscribers = services.feed.subscriberCount
        try await Self.application(services, heartbeat: .milliseconds(200)).test(.live) { client in
            let stalled = try LoopbackEventStream.openWithoutReading(port: try #require(client.port), path: "/events")
            defer { stalled.close() }
            try await Wait.until("the server to subscribe") { services.feed.subscriberCount == subscribers + 1 }
            // Progress lines with long paths until the socket buffers and the server's bounded
            // queue are full and the server drops the client.
            let path = String(repeating: "p", count: 4_000)
            let feed = services.feed
            try await Wait.bounded("the server to drop the stalled client") {
                var count = 0
                while feed.subscriberCount > subscribers {
                    feed.publish(.scanProgress(ScanProgress(found: count, currentPath: path)))
                    count += 1
                    if count.isMultiple(of: 64) { await Task.yield() }
                }
            }
        }
    }

    @Test func aServerShuttingDownEndsTheStreamWithoutWaitingForAHeartbeat() async throws {
        let services = try ServiceContainer.inMemory(reader: FakeTagReader())
        let subscribers = services.feed.subscriberCount
        let opened = Shared<LoopbackEventStream.Connection?>(nil)
        let opening = Shared("")
        // An hour-long heartbeat: no heartbeat can come while the test runs, so if the stream
        // (or the server's shutdown) waited for the next one, a bounded wait below fails.
        try await Wait.bounded("the server to start, serve the stream and shut down") {
            try await Self.application(services, heartbeat: .seconds(3600)).test(.live) { client in
                let connection = try LoopbackEventStream.open(port: try #require(client.port), path: "/events")
                opened.set(connection)
                let first = try await Wait.first("the stream's opening comment", in: connection.bytes)
                opening.set(String(decoding: first, as: UTF8.self))
                try await Wait.until("the server to subscribe") { services.feed.subscriberCount == subscribers + 1 }
            }
        }
        // The stream was open when the shutdown began; it ends after, carrying nothing more
        // (no heartbeat: ended by the shutdown, not by a write that found the server gone).
        let connection = try #require(opened.read())
        let rest = try await Wait.bounded("the stream to end after the shutdown") {
            try await connection.bytes.reduce(into: "") { $0 += String(decoding: $1, as: UTF8.self) }
        }
        #expect(opening.read() + rest == ": kanora events\n\n")
        try await Wait.until("the server to unsubscribe") { services.feed.subscriberCount == subscribers }
    }

    @Test func aRemoteViewModelReloadsFromTheBridgedFeedAndRecoversFromADroppedConnection() async throws {
        let folder = try TemporaryDirectory("sse-vm")
        defer { folder.remove() }
        try folder.write("a.mp3", FakeTagReader.file(FakeTagReader.track("A")))
        let server = try ServiceContainer.inMemory(reader: FakeTagReader())
        try await Self.application(server).test(.live) { client in
            let port = try #require(client.port)
            let connections = Shared<[LoopbackEventStream.Connection]>([])
            let clientFeed = ChangeFeed()
            let bridge = RemoteFeedBridge(feed: clientFeed, backoff: ReconnectBackoff(initial: .milliseconds(20))) { _ in
                let connection = try LoopbackEventStream.open(port: port, path: "/events")
                connections.set(connections.read() + [connection])
                return connection.bytes
            }
            // The client's view model reads through the server's library service (what the
            // remote container's does over the API) and observes only the bridged feed.
            let viewModel = LibraryViewModel(services: .mock(library: server.library, feed: clientFeed))
            await viewModel.load()
            viewModel.startObserving()
            let updates = viewModel.updates()
            bridge.start()
            try await Wait.until("the bridge to connect") { server.feed.subscriberCount >= 1 }

            _ = try await server.scanner.run(folder.url.path, name: "Music")
            _ = try await Wait.first("the scan's track", in: updates) { $0.statistics.tracks == 1 }

            // Dropped: the reconnection's full reload brings what changed meanwhile.
            connections.read().last?.drop()
            _ = try await server.library.renameLibrary(named: "Music", to: "Tunes")
            let renamed = try await Wait.first("the renamed library after the reconnection", in: updates) {
                $0.libraries.map(\.name) == ["Tunes"]
            }
            #expect(renamed.statistics.tracks == 1)
            try await Wait.until("the reconnection") { bridge.connectionCount == 2 }
            await bridge.stop()
        }
    }
}
