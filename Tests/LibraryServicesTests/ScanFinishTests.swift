import Foundation
import LibraryCore
import LibraryServices
import LibraryStorage
import TestSupport
import Testing

/// The end of a scan sweeps only what can have changed: tracks in folders the walk did not
/// reach, albums and artists left without tracks by rewritten ones.
@Suite("Scan finish")
struct ScanFinishTests {
    private func count(_ table: String, _ harness: BrowseHarness, where condition: String = "1") throws -> Int {
        try harness.database.read { try $0.scalar("SELECT count(*) FROM \(sql: table) WHERE \(sql: condition)") ?? -1 }
    }

    @Test func aRetagThatEmptiesAnAlbumAndArtistRemovesThemAndAnUnchangedRescanKeepsEverything() async throws {
        let harness = try BrowseHarness()
        defer { harness.folder.remove() }
        try harness.write("A/1.mp3", FakeTagReader.track("One", artist: "Old Artist", album: "Old Album", track: 1))
        try harness.write("A/2.mp3", FakeTagReader.track("Two", artist: "Kept Artist", album: "Kept Album", track: 1))
        try await harness.scan()
        #expect(try count("album", harness) == 2)

        let unchanged = try await harness.scan()
        #expect(unchanged.unchanged == 2 && unchanged.updated == 0)
        #expect(try count("album", harness) == 2)
        #expect(try count("artist", harness, where: "name = 'Old Artist'") == 1)

        try harness.write("A/1.mp3", FakeTagReader.track("One", artist: "New Artist", album: "New Album", track: 1))
        let retagged = try await harness.scan()
        #expect(retagged.updated == 1)
        #expect(try count("album", harness, where: "title = 'Old Album'") == 0)
        #expect(try count("artist", harness, where: "name = 'Old Artist'") == 0)
        #expect(try count("album", harness, where: "title IN ('New Album', 'Kept Album')") == 2)
    }

    @Test func tracksOfAFolderTheWalkNoLongerReachesAreMarkedMissing() async throws {
        let harness = try BrowseHarness()
        defer { harness.folder.remove() }
        try harness.write("A/1.mp3", FakeTagReader.track("One", album: "A"))
        try harness.write("B/Deep/2.mp3", FakeTagReader.track("Two", album: "B"))
        try await harness.scan()
        try harness.folder.write(".kanoraignore", Data("B\n".utf8))
        let summary = try await harness.scan()
        #expect(summary.missing == 1)
        #expect(try count("track", harness, where: "title = 'Two' AND missing_since IS NOT NULL") == 1)
        #expect(try count("track", harness, where: "title = 'One' AND missing_since IS NULL") == 1)
    }

    @Test func unchangedFoldersAreKeptAndSkippedRescanAfterRescan() async throws {
        let harness = try BrowseHarness()
        defer { harness.folder.remove() }
        try harness.write("Artist/Album/1.mp3", FakeTagReader.track("One", album: "A"))
        try harness.write("Artist/Other/2.mp3", FakeTagReader.track("Two", album: "B"))
        try await harness.scan()
        let folders = { () throws -> [String] in
            try harness.database.read { db in
                try db.rows("SELECT id || ':' || path_text || ':' || (fingerprint IS NOT NULL) FROM folder ORDER BY id").compactMap { $0[0] }
            }
        }
        let before = try folders()
        #expect(before.count == 4)
        for _ in 0..<2 {
            let summary = try await harness.scan()
            #expect(summary.unchanged == 2 && summary.updated == 0 && summary.added == 0)
            // "Artist" holds no track: were it not marked seen it would be deleted as unused
            // and come back as a new row, to be compared file by file.
            #expect(try folders() == before)
        }
        // Unchanged, they were not even written: their rows still carry the first scan's
        // generation, two scans ago.
        #expect(try count("folder", harness, where: "last_seen_scan <> (SELECT scan_generation - 2 FROM library)") == 0)
    }

    @Test func foldersTheWalkDidNotReachAreSweptAndPrunedButReachedOnesStay() async throws {
        let harness = try BrowseHarness()
        defer { harness.folder.remove() }
        try harness.write("Artist/Album/1.mp3", FakeTagReader.track("One", album: "A"))
        try harness.write("Gone/Deep/2.mp3", FakeTagReader.track("Two", album: "B"))
        try await harness.scan()
        try FileManager.default.removeItem(atPath: harness.folder.path("Gone"))
        let summary = try await harness.scan()
        #expect(summary.missing == 1)
        #expect(try count("track", harness, where: "title = 'Two' AND missing_since IS NOT NULL") == 1)
        // "Gone" (no tracks of its own) goes at once; "Gone/Deep" keeps its missing track,
        // without a fingerprint, so it is compared file by file if it comes back.
        #expect(try count("folder", harness, where: "path_text LIKE '%/Gone'") == 0)
        #expect(try count("folder", harness, where: "path_text LIKE '%/Gone/Deep' AND fingerprint IS NULL") == 1)
        _ = try harness.database.write { try PruneStore.prune(libraryID: nil, dryRun: false, $0) }
        // Pruned, "Gone/Deep" has no track and goes; "Artist" has none either but was reached.
        #expect(try count("folder", harness, where: "path_text LIKE '%/Gone%'") == 0)
        #expect(try count("folder", harness, where: "path_text LIKE '%/Artist'") == 1)
        #expect(try count("track", harness) == 1)
    }
}
