import Foundation
import LibraryCore
import LibraryServices
import LibraryStorage
import TestSupport
import Testing

/// A song is shown with its album's cover, which any of the album's present tracks may hold,
/// whichever of the album's songs a list loads with it.
@Suite("Songs carry their album's cover")
struct SongCoverTests {
    private func song(_ title: String, album: String, track: Int, cover: Bool) -> TrackMetadata {
        var metadata = FakeTagReader.track(title, album: album, track: track)
        metadata.audio.hasCoverArt = cover
        return metadata
    }

    private func covers(_ harness: BrowseHarness, _ titles: [String]) throws -> [String: Bool] {
        let ids = try titles.map { try harness.trackID($0) }
        let songs = try harness.database.read { db in try BrowseStore.songs(ids: ids, userID: User.localID, db) }
        return Dictionary(uniqueKeysWithValues: songs.map { ($0.track.metadata.title ?? "", $0.hasCover) })
    }

    @Test func aSongWithoutAPictureShowsTheCoverAnotherTrackOfItsAlbumHolds() async throws {
        let harness = try BrowseHarness()
        defer { harness.folder.remove() }
        try harness.write("Post/1.mp3", song("Army of Me", album: "Post", track: 1, cover: true))
        try harness.write("Post/2.mp3", song("Hyperballad", album: "Post", track: 2, cover: false))
        try harness.write("Debut/1.mp3", song("Human Behaviour", album: "Debut", track: 1, cover: false))
        try harness.write("Debut/2.mp3", song("Crying", album: "Debut", track: 2, cover: false))
        try await harness.scan()

        // Alone, beside the song holding the picture, and beside songs of an album without one.
        #expect(try covers(harness, ["Hyperballad"]) == ["Hyperballad": true])
        #expect(try covers(harness, ["Hyperballad", "Army of Me"]) == ["Hyperballad": true, "Army of Me": true])
        #expect(try covers(harness, ["Crying", "Hyperballad", "Human Behaviour"])
            == ["Crying": false, "Hyperballad": true, "Human Behaviour": false])
    }
}
