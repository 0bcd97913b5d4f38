import Foundation
import LibraryClient
import LibraryCore
import LibraryServer
import LibraryServices
import LibraryViewModels
import Testing
import TestKit
import TestSupport

/// The remote container's feed is the server's, over `GET /api/v1/events`: opened while
/// someone follows it, closed when the last one leaves.
@Suite("Remote change feed")
struct RemoteEventsTests {
    @Test func aPlaylistEditAndAScanReachARemoteViewModelAndTheStreamClosesWithTheLastFollower() async throws {
        let harness = try await RemoteHarness()
        let folder = try TemporaryDirectory("remote-events")
        defer { folder.remove() }
        _ = try folder.copy(Fixtures.url("tagged.flac"), to: "music/a.flac")
        let listeners = harness.server.feed.subscriberCount
        // The server notices a client that left at its next heartbeat.
        try await harness.run(eventHeartbeat: .milliseconds(200)) { remote, _ in
            // Reading opens no event stream.
            _ = try await remote.library.libraries()
            #expect(harness.server.feed.subscriberCount == listeners)

            try await follow(remote, harness: harness, music: folder.url.appendingPathComponent("music").path, listeners: listeners)
            // The view model and the stream are gone: so is the server's subscriber.
            try await Wait.until("the stream to close with the last follower") { harness.server.feed.subscriberCount == listeners }
        }
    }

    /// Follows the remote feed with a view model and a stream of its own, while the server
    /// edits a playlist and scans a new library; both are released on return.
    private func follow(_ remote: ServiceContainer, harness: RemoteHarness, music: String, listeners: Int) async throws {
            let viewModel = LibraryViewModel(services: remote)
            await viewModel.load()
            #expect(viewModel.state.libraries.map(\.name) == ["Samples"])
            let events = remote.feed.events()
            viewModel.startObserving()
            let updates = viewModel.updates()
            try await Wait.until("the remote feed to connect") { harness.server.feed.subscriberCount == listeners + 1 }

            let playlist = try await harness.playlists.create(PlaylistDraft(name: "Road"))
            _ = try await Wait.first("the playlist edit", in: events) { $0 == .playlistsChanged(playlistID: playlist.id) }

            let library = try await harness.server.scanner.run(music, name: "Inbox").summary.library
            _ = try await Wait.first("the scan's tracks", in: events) { $0 == .tracksChanged(libraryID: library.id) }
            let reloaded = try await Wait.first("the view model's reload", in: updates) { $0.libraries.map(\.name) == ["Inbox", "Samples"] }
            #expect(reloaded.statistics.libraries == 2)
    }

    @Test func anotherUsersPlaylistEditsAreNotSent() async throws {
        let harness = try await RemoteHarness(scanning: nil)
        _ = try await harness.server.users.addUser(named: "bob", password: "secret-password", isAdmin: false)
        let bob = try await harness.server.users.user(named: "bob")
        let bobToken = try await harness.server.users.createAPIKey(forUser: "bob")
        try await harness.run(token: bobToken) { remote, _ in
            let events = remote.feed.events()
            try await Wait.until("bob's feed to connect") { harness.server.feed.subscriberCount == 1 }
            let alices = try await harness.playlists.create(PlaylistDraft(name: "Alice's"))
            let bobs = try await harness.server.playlists(for: bob.id).create(PlaylistDraft(name: "Bob's"))
            let received = try await Wait.prefix("bob's own playlist edit", of: events) { $0 == .playlistsChanged(playlistID: bobs.id) }
            #expect(!received.contains(.playlistsChanged(playlistID: alices.id)))
        }
    }

    @Test func aRefusedKeyStopsTheFeedInsteadOfRetrying() async throws {
        let harness = try await RemoteHarness(scanning: nil)
        // Two failed logins would lock the address out: a bridge that retried a refused key
        // would lock out every other client on the machine too.
        let throttle = LoginThrottle(maximumFailures: 2)
        try await harness.run(token: "knr_wrong", throttle: throttle) { remote, url in
            let events = remote.feed.events()
            try await Wait.until("the refused login") { throttle.count == 1 }
            let bridge = try #require(remote.feed.upstream as? RemoteFeedBridge)
            // Its task ends by itself after the refusal: a bridge that tried again would not end.
            try await Wait.bounded("the bridge to give up") { await bridge.ended() }
            #expect(bridge.failure?.code == .unauthorized)
            // A second refused login would have locked this address out.
            let good = try ServiceContainer.remote(url: url, token: harness.token)
            #expect(try await good.library.libraries().isEmpty)
            _ = events
        }
    }
}
