import Foundation
import LibraryCore
import LibraryServices
import Testing
import TestSupport

/// The end of a scan sweeps only what can have changed: tracks in folders the walk did not
/// reach, albums and artists left without tracks by rewritten ones.
@Suite("Scan finish")
struct ScanFinishTests {
    private func count(_ table: String, _ harness: BrowseHarness, where condition: String = "1") throws -> Int {
        try harness.database.read { try $0.scalar("SELECT count(*) FROM \(table) WHERE \(condition)") ?? -1 }
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
}
