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

    /// Whether each song has a cover, loaded on a reader (album covers from the memo of album
    /// totals) or, `onWriter`, in a write transaction (the totals read afresh: a writer keeps no memo).
    private func covers(_ harness: BrowseHarness, _ titles: [String], onWriter: Bool = false) throws -> [String: Bool] {
        let ids = try titles.map { try harness.trackID($0) }
        let load = { @Sendable (db: Connection) in try BrowseStore.songs(ids: ids, userID: User.localID, db) }
        let songs = onWriter ? try harness.database.write(load) : try harness.database.read(load)
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
        for onWriter in [false, true] {
            #expect(try covers(harness, ["Hyperballad"], onWriter: onWriter) == ["Hyperballad": true])
            #expect(try covers(harness, ["Hyperballad", "Army of Me"], onWriter: onWriter)
                == ["Hyperballad": true, "Army of Me": true])
            #expect(try covers(harness, ["Crying", "Hyperballad", "Human Behaviour"], onWriter: onWriter)
                == ["Crying": false, "Hyperballad": true, "Human Behaviour": false])
        }
    }
}
