import Foundation
import LibraryCore
import LibraryServices
import LibraryStorage
import Testing
import TestKit
import TestSupport

@Suite("Change events come from what the database committed")
struct ChangeEventTests {
    @Test(arguments: ChangeEventCase.all)
    func eachWritePublishesWhatItChanged(_ change: ChangeEventCase) async throws {
        let fixture = try await ChangeEventFixture()
        defer { fixture.remove() }
        try await change.prepare(fixture)
        let events = fixture.services.feed.events()
        if change.fails {
            await #expect(throws: (any Error).self) { try await change.action(fixture) }
        } else {
            try await change.action(fixture)
        }
        let expected = try await change.expected(fixture)
        #expect(try await fixture.events(before: events) == expected)
    }

    @Test func aWriteRolledBackPublishesNothing() async throws {
        let (database, feed) = try Self.followedDatabase()
        let events = feed.events()
        #expect(throws: LibraryError.self) {
            try database.write { db in
                _ = try LibraryStore.insert(name: "Gone", root: RawPath("/gone"), now: Date(), db)
                throw LibraryError(.conflict, "changed my mind")
            }
        }
        let kept = try Self.insertPlaylist("Kept", database)
        #expect(try await Wait.first("the next commit's event", in: events) == .playlistsChanged(playlistID: kept))
    }

    @Test func aSavepointRolledBackTakesItsChangesWithIt() async throws {
        let (database, feed) = try Self.followedDatabase()
        let events = feed.events()
        let playlist = try database.write { db in
            let playlist = try PlaylistStore.insert(
                name: "Kept", description: nil, smartQuery: nil, smartSort: nil, smartLimit: nil, userID: User.localID, now: Date(), db)
            try? db.transaction {
                _ = try LibraryStore.insert(name: "Gone", root: RawPath("/gone"), now: Date(), db)
                throw LibraryError(.conflict, "changed my mind")
            }
            return playlist
        }
        let sentinel = try Self.insertPlaylist("Sentinel", database)
        let received = try await Wait.prefix("the sentinel's event", of: events) { $0 == .playlistsChanged(playlistID: sentinel) }
        #expect(received == [.playlistsChanged(playlistID: playlist), .playlistsChanged(playlistID: sentinel)])
    }

    @Test func writesOutsideATransactionArePublishedAsTheyCommit() async throws {
        let (database, feed) = try Self.followedDatabase()
        let events = feed.events()
        try database.writeWithoutTransaction { db in
            _ = try LibraryStore.insert(name: "Music", root: RawPath("/music"), now: Date(), db)
        }
        #expect(try await Wait.first("the library's event", in: events) == .librariesChanged)
    }

    @Test func collectedChangesWaitUntilTaken() async throws {
        let (database, feed) = try Self.followedDatabase()
        let events = feed.events()
        let collector = ChangeCollector()
        let library = try database.write(collectingChangesIn: collector) { db in
            try LibraryStore.insert(name: "Music", root: RawPath("/music"), now: Date(), db)
        }
        try database.write(collectingChangesIn: collector) { db in try LibraryStore.rename(id: library.id, to: "Tunes", db) }
        let first = try Self.insertPlaylist("First", database)
        #expect(try await Wait.first("the uncollected commit", in: events) == .playlistsChanged(playlistID: first))

        let collected = collector.take()
        #expect(collected == CommittedChanges(libraries: [library.id]))
        #expect(collector.take().isEmpty)
        feed.publish(collected)
        #expect(try await Wait.first("the collected changes", in: events) == .librariesChanged)
    }

    @Test func eventsComeOnePerKindAndIdInOrder() {
        let changes = CommittedChanges(libraries: [2], trackLibraries: [3, 1], playlists: [9, 4])
        #expect(LibraryEvent.events(for: changes) == [
            .librariesChanged, .tracksChanged(libraryID: 1), .tracksChanged(libraryID: 3),
            .playlistsChanged(playlistID: 4), .playlistsChanged(playlistID: 9),
        ])
        #expect(LibraryEvent.events(for: CommittedChanges()).isEmpty)
    }

    @Test func manyIdsOfOneKindAreOneEventWithoutAnId() {
        let changes = CommittedChanges(trackLibraries: [1, 2], playlists: Set(1...9))
        #expect(LibraryEvent.events(for: changes) == [
            .tracksChanged(libraryID: 1), .tracksChanged(libraryID: 2), .playlistsChanged(playlistID: nil),
        ])
    }

    /// A migrated in-memory database and a feed following it.
    private static func followedDatabase() throws -> (DatabaseQueue, ChangeFeed) {
        let database = try Database.open(.inMemory)
        let feed = ChangeFeed()
        feed.follow(database)
        return (database, feed)
    }

    private static func insertPlaylist(_ name: String, _ database: DatabaseQueue) throws -> Int64 {
        try database.write { db in
            try PlaylistStore.insert(
                name: name, description: nil, smartQuery: nil, smartSort: nil, smartLimit: nil, userID: User.localID, now: Date(), db)
        }
    }
}
