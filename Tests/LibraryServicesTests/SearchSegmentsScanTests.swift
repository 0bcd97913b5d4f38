import Foundation
import LibraryCore
import LibraryServices
import LibraryStorage
import TestSupport
import Testing

/// A scan that indexed at least as many tracks as the database held merges the search
/// indexes into one segment each (`SearchSegments`); a scan that changed a few leaves them
/// to FTS5's own merging. Either way search finds what it found.
@Suite("Search index segments after a scan")
struct SearchSegmentsScanTests {
    /// Batches of two: each commits a segment of its own.
    private let smallBatches = ScanOptions(batchSize: 2)

    private func segments(_ harness: BrowseHarness) throws -> [Int] {
        try harness.database.read { db in
            try ["track_search", "artist_search", "album_search"].map { try SearchSegments.count(in: $0, db) }
        }
    }

    private func writeAlbum(_ harness: BrowseHarness, prefix: String) throws {
        for index in 1...6 {
            try harness.write(
                "D\(index)/\(index).mp3",
                FakeTagReader.track("\(prefix) Song \(index)", artist: "\(prefix) Artist \(index)", album: "Harbour", track: index))
        }
    }

    private func songTitles(_ harness: BrowseHarness, _ text: String) async throws -> [String] {
        let request = BrowseSearchRequest(text: text, artists: Page(size: 0, offset: 0), albums: Page(size: 0, offset: 0), songs: Page(size: 20, offset: 0))
        return try await harness.browse.search(request, userID: User.localID).songs.map { $0.track.metadata.title ?? "" }
    }

    @Test func aFirstScanLeavesEachSearchIndexInOneSegment() async throws {
        let harness = try BrowseHarness()
        defer { harness.folder.remove() }
        try writeAlbum(harness, prefix: "Blue")
        let summary = try await harness.scanner.run(harness.folder.url.path, options: smallBatches).summary
        #expect(summary.added == 6)
        #expect(try segments(harness) == [1, 1, 1])
        #expect(try await songTitles(harness, "blue song") == (1...6).map { "Blue Song \($0)" })
        let artists = try await harness.browse.search(
            BrowseSearchRequest(text: "artist 4", artists: Page(size: 10, offset: 0), albums: Page(size: 0, offset: 0), songs: Page(size: 0, offset: 0)),
            userID: User.localID).artists
        #expect(artists.map(\.name) == ["Blue Artist 4"])
    }

    @Test func aScanOfAFewChangesLeavesTheSegmentsAndARetaggedLibraryIsMergedAgain() async throws {
        let harness = try BrowseHarness()
        defer { harness.folder.remove() }
        try writeAlbum(harness, prefix: "Blue")
        #expect(try await harness.scanner.run(harness.folder.url.path, options: smallBatches).summary.added == 6)

        // One track more: its batch is a segment of its own, and stays one.
        try harness.write("B/7.mp3", FakeTagReader.track("Green Song", artist: "Green Artist", album: "Meadow", track: 1))
        #expect(try await harness.scanner.run(harness.folder.url.path, options: smallBatches).summary.added == 1)
        #expect(try segments(harness) == [2, 2, 2])
        #expect(try await songTitles(harness, "green") == ["Green Song"])

        // Every track retagged: the scan rewrote the whole index, and merges it.
        try writeAlbum(harness, prefix: "Red")
        try harness.write("B/7.mp3", FakeTagReader.track("Yellow Song", artist: "Yellow Artist", album: "Meadow", track: 1))
        #expect(try await harness.scanner.run(harness.folder.url.path, options: smallBatches).summary.updated == 7)
        #expect(try segments(harness) == [1, 1, 1])
        #expect(try await songTitles(harness, "red song") == (1...6).map { "Red Song \($0)" })
        #expect(try await songTitles(harness, "blue").isEmpty)
        #expect(try await songTitles(harness, "green").isEmpty)
        #expect(try await songTitles(harness, "yellow") == ["Yellow Song"])
    }
}
