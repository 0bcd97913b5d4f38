import Foundation
import LibraryCore
@testable import LibraryServices
import LibraryStorage
import Testing
import TestSupport

@Suite("Search index merge: a scan that rewrote much of the library leaves each search index in one segment")
struct SearchIndexMergeTests {
    let harness: BrowseHarness

    /// Twelve tracks by twelve artists, in folders of their own.
    init() throws {
        harness = try BrowseHarness()
        for index in 0..<12 {
            try harness.write(
                "f\(index)/1.mp3",
                FakeTagReader.track("Song \(index)", artist: "Artist \(index)", album: "Album \(index)"))
        }
    }

    private func segments(_ table: String) throws -> Int {
        try harness.database.read { db in try SearchIndexMerge.segmentCount(table, db) }
    }

    private func songTitles(_ text: String) async throws -> [String] {
        try await harness.browse.search(
            BrowseSearchRequest(text: text, artists: Page(size: 0), albums: Page(size: 0), songs: Page(size: 50)), userID: User.localID
        ).songs.map(\.track.title)
    }

    /// Batches of two commit six times: FTS5 keeps what each commit wrote as a segment of its
    /// own until it merges them.
    @Test func aFirstScanInBatchesEndsWithOneSegmentPerIndex() async throws {
        defer { harness.folder.remove() }
        let summary = try await harness.scanner.run(harness.folder.url.path, options: ScanOptions(batchSize: 2)).summary
        #expect(summary.added == 12)
        #expect(try segments("track_search") == 1)
        #expect(try segments("artist_search") == 1)
        #expect(try await songTitles("song").count == 12)
        #expect(try await songTitles("artist 7") == ["Song 7"])
    }

    /// A rescan that changed one track of twelve leaves the new segment: merging would
    /// rewrite the whole index for it.
    @Test func aRescanOfAFewTracksLeavesTheIndexAsItIs() async throws {
        defer { harness.folder.remove() }
        _ = try await harness.scanner.run(harness.folder.url.path, options: ScanOptions(batchSize: 2))
        try harness.write("f12/1.mp3", FakeTagReader.track("Song 12", artist: "Artist 12", album: "Album 12"))
        let summary = try await harness.scanner.run(harness.folder.url.path).summary
        #expect(summary.added == 1)
        #expect(try segments("track_search") > 1)
        #expect(try await songTitles("artist 12") == ["Song 12"])
    }
}
