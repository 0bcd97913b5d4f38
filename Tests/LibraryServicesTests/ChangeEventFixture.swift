import Foundation
import LibraryCore
import LibraryServices
import Synchronization
import Testing
import TestKit
import TestSupport

/// A scanned library ("One" ... "Café", see `PlaylistTestLibrary`), a normal playlist "Mix"
/// (One, Two), a smart playlist "Smart" (the jazz tracks), an empty playlist that no case
/// touches, and an empty folder beside them, for tests of the events that writes publish.
final class ChangeEventFixture: Sendable {
    let library: PlaylistTestLibrary
    /// A folder outside the library, for scans of a second one.
    let elsewhere: TemporaryDirectory
    let libraryID: Int64
    let mix: Int64
    let smart: Int64
    /// The playlist renamed after a case's action: its event ends the wait for the case's.
    private let sentinel: Int64
    /// Ids that a case's preparation made, by name, for its expected events.
    private let noted = Mutex<[String: Int64]>([:])

    var services: ServiceContainer { library.services }
    var playlists: any PlaylistService { library.services.playlists }

    init() async throws {
        library = try await PlaylistTestLibrary()
        elsewhere = try TemporaryDirectory("elsewhere")
        libraryID = try #require(try await library.services.library.libraries().first).id
        mix = try await library.makePlaylist("Mix", ["One", "Two"]).id
        smart = try await library.services.playlists.create(
            PlaylistDraft(name: "Smart", rule: SmartRule(query: try LibraryQuery.parse("genre:jazz")))).id
        sentinel = try await library.services.playlists.create(PlaylistDraft(name: "Sentinel")).id
    }

    func remove() {
        library.folder.remove()
        elsewhere.remove()
    }

    func note(_ name: String, _ id: Int64) {
        noted.withLock { $0[name] = id }
    }

    func noted(_ name: String) throws -> Int64 {
        try #require(noted.withLock { $0[name] })
    }

    /// The name of the library the fixture scanned.
    func libraryName() async throws -> String {
        try #require(try await services.library.libraries().first { $0.id == libraryID }).name
    }

    /// The id of the local user's playlist named `name`.
    func playlistID(_ name: String) async throws -> Int64 {
        try await playlists.playlist(named: name).id
    }

    /// The events published to `events` (scan progress left out) before a write of the
    /// fixture's own, the sentinel's renaming, whose event ends the wait: what came before
    /// it is all that was published before it, with no waiting on the clock for "nothing".
    /// (A new playlist would not do: it may take the id of one the case deleted.)
    func events(before events: AsyncStream<LibraryEvent>) async throws -> [LibraryEvent] {
        let sentinel = self.sentinel
        _ = try await services.playlists.rename(try await playlists.playlist(id: sentinel).name, to: "Sentinel \(UUID())")
        let received = try await Wait.prefix("the sentinel playlist's event", of: events) { $0 == .playlistsChanged(playlistID: sentinel) }
        return received.dropLast().filter { if case .scanProgress = $0 { false } else { true } }
    }
}
