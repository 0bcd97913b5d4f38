import Foundation
import LibraryCore
import LibraryServices
import Testing
import TestKit

@Suite("ChangeFeed")
struct ChangeFeedTests {
    @Test func aFloodOfScanProgressNeverPushesOutTheEventsThatMatter() async throws {
        let feed = ChangeFeed()
        let events = feed.events()
        feed.publish(.tracksChanged(libraryID: 3))
        for found in 1...1_000 { feed.publish(.scanProgress(ScanProgress(found: found))) }
        feed.publish(.librariesChanged)
        for found in 1_001...2_000 { feed.publish(.scanProgress(ScanProgress(found: found))) }
        feed.publish(.playlistsChanged(playlistID: 5))

        let received = try await Wait.prefix("the playlist change", of: events) { $0 == .playlistsChanged(playlistID: 5) }
        let thatMatter = received.filter { if case .scanProgress = $0 { false } else { true } }
        #expect(thatMatter == [.tracksChanged(libraryID: 3), .librariesChanged, .playlistsChanged(playlistID: 5)])
        // Progress is coalesced: the subscriber sees the latest value, not a backlog.
        let progress = received.compactMap { event -> Int? in
            if case .scanProgress(let progress) = event { return progress.found }
            return nil
        }
        #expect(progress.last == 2_000)
        #expect(progress.count <= 2)
    }

    @Test func aSubscriberThatLetsTooManyChangesPileUpIsDroppedAndOthersAreNot() async throws {
        let feed = ChangeFeed()
        let stalled = feed.events()
        let reader = feed.events()
        for id in Int64(1)...1_000 { feed.publish(.playlistsChanged(playlistID: id)) }
        let first = try await Wait.prefix("the first thousand", of: reader) { $0 == .playlistsChanged(playlistID: 1_000) }
        #expect(first.count == 1_000)
        #expect(feed.subscriberCount == 2, "a thousand changes waiting are within the bound")
        for id in Int64(1_001)...1_100 { feed.publish(.playlistsChanged(playlistID: id)) }
        let rest = try await Wait.prefix("the rest", of: reader) { $0 == .playlistsChanged(playlistID: 1_100) }
        #expect(rest.count == 100, "a subscriber that reads gets every change")
        #expect(feed.subscriberCount == 1, "the one that read nothing was dropped")
        // What was queued before the drop is gone with it: its stream just ends.
        var iterator = stalled.makeAsyncIterator()
        #expect(await iterator.next() == nil)
    }

    @Test func eachSubscriberSeesEveryEventInOrder() async throws {
        let feed = ChangeFeed()
        let first = feed.events()
        let second = feed.events()
        let published: [LibraryEvent] = [.librariesChanged, .tracksChanged(libraryID: nil), .playlistsChanged(playlistID: 2)]
        published.forEach(feed.publish)
        #expect(try await Wait.prefix("the first's events", of: first) { $0 == .playlistsChanged(playlistID: 2) } == published)
        #expect(try await Wait.prefix("the second's events", of: second) { $0 == .playlistsChanged(playlistID: 2) } == published)
    }

    @Test func aSubscriberThatStopsListeningIsForgotten() async throws {
        let feed = ChangeFeed()
        let listening = Task {
            for await event in feed.events() where event == .librariesChanged { return }
        }
        try await Wait.until("the subscription") { feed.subscriberCount == 1 }
        feed.publish(.librariesChanged)
        await listening.value
        try await Wait.until("the subscription to end") { feed.subscriberCount == 0 }

        let cancelled = Task { for await _ in feed.events() {} }
        try await Wait.until("the second subscription") { feed.subscriberCount == 1 }
        cancelled.cancel()
        await cancelled.value
        try await Wait.until("the cancelled subscription to end") { feed.subscriberCount == 0 }
    }
}
