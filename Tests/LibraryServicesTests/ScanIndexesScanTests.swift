import Foundation
import LibraryCore
import LibraryServices
import LibraryStorage
import TestSupport
import Testing

/// A first scan builds some track indexes once, at its end (`ScanIndexes`): when it returns,
/// the database has every index and trigger a new one has, with the same definitions, and
/// none waits.
@Suite("Scan indexes after a first scan")
struct ScanIndexesScanTests {
    private func indexes(_ database: DatabasePool) throws -> [String] {
        try database.read { db in
            try db.values("SELECT name || ': ' || sql FROM sqlite_master WHERE type IN ('index', 'trigger') AND sql IS NOT NULL ORDER BY name")
        }
    }

    @Test func aFirstScanAndTheRescansAfterItLeaveEveryIndexOfANewDatabase() async throws {
        let harness = try BrowseHarness()
        defer { harness.folder.remove() }
        let fresh = try indexes(harness.database)
        try harness.write("A/1.mp3", FakeTagReader.track("One", artist: "X", album: "A", track: 1))
        try harness.write("B/2.mp3", FakeTagReader.track("Two", artist: "Y", album: "B", track: 1))
        let first = try await harness.scan()
        #expect(first.added == 2)
        #expect(try indexes(harness.database) == fresh)
        #expect(try harness.database.read { try $0.scalar("SELECT count(*) FROM deferred_index") } == 0)
        try harness.write("C/3.mp3", FakeTagReader.track("Three", artist: "Z", album: "C", track: 1))
        #expect(try await harness.scan().added == 1)
        #expect(try indexes(harness.database) == fresh)
        // The indexes answer: the tracks by year and by added time come from them.
        #expect(try harness.database.read { try $0.scalar("SELECT count(*) FROM track INDEXED BY track_totals") } == 3)
        let credits: Int64? = try harness.database.read { try $0.scalar("SELECT count(*) FROM track_artist INDEXED BY track_artist_by_artist") }
        #expect(credits ?? 0 >= 3)
        // Every artist is searchable, once (the first scan indexed them without the trigger).
        let searchable: [String] = try harness.database.read { try $0.values("SELECT name_fold FROM artist_search ORDER BY rowid") }
        #expect(searchable == ["x", "y", "z"])
    }
}
