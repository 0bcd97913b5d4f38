import Foundation
import LibraryCore
import LibraryServices
import Testing
import TestSupport

@Suite("Playlist service: entries as songs")
struct PlaylistSongsTests {
    /// The track fields `PlaylistSong` promises, as text to compare.
    static func shown(_ track: Track) -> String {
        let m = track.metadata
        let fields: [Any?] = [
            track.id, track.path.text, track.fileSize, m.audio.format, m.audio.durationMs, m.audio.bitrate, m.audio.sampleRate,
            m.title, m.artists, m.album, track.albumID, m.trackNumber, m.discNumber, m.year, m.genres, track.addedAt, track.isMissing,
        ]
        return fields.map { String(describing: $0) }.joined(separator: "|")
    }

    /// Each song is its entry (same position, same shown fields) with the owner's marks and
    /// the first artist the browse service credits.
    func expectSongsMatchEntries(_ library: PlaylistTestLibrary, _ name: String, count: Int) async throws {
        let songs = try await library.playlists.songs(of: name)
        let entries = try await library.playlists.entries(of: name)
        #expect(songs.count == count && entries.count == count)
        #expect(songs.map(\.position) == entries.map(\.position))
        #expect(songs.map { Self.shown($0.track) } == entries.map { Self.shown($0.track) })
        let marks = try await library.services.annotations.annotations(for: entries.map { .track($0.track.id) }, user: User.localID)
        #expect(songs.map(\.annotation) == entries.map { marks[.track($0.track.id)] ?? .none })
        let browsed = try await library.services.browse.songs(ids: entries.map(\.track.id), userID: User.localID)
        let artists = Dictionary(browsed.map { ($0.track.id, $0.artists.first?.id) }, uniquingKeysWith: { first, _ in first })
        for song in songs where !song.track.isMissing {
            #expect(song.artistID != nil && song.artistID == artists[song.track.id] ?? nil)
        }
    }

    @Test func storedEntriesComeWithTheirMarksAndFirstArtistMissingOnesIncluded() async throws {
        let library = try await PlaylistTestLibrary()
        defer { library.folder.remove() }
        var duo = FakeTagReader.track("Duo", artist: "Ann", album: "Album", track: 6, disc: 1, year: 1999, genres: ["Jazz", "Rock"])
        duo.artists = ["Ann", "Bo"]
        try library.write("Album/06 Duo.mp3", duo)
        try await library.scan()
        try await library.makePlaylist("Mix", ["Duo", "Two", "Café", "Two"])
        let two = try await library.id("Two"), duo6 = try await library.id("Duo")
        try await library.services.annotations.star([.track(two)], user: User.localID)
        try await library.services.annotations.setRating(3, for: .track(duo6), user: User.localID)
        try await library.services.annotations.scrobble(trackID: duo6, at: Date(timeIntervalSince1970: 1_700_000_000), user: User.localID)
        try FileManager.default.removeItem(at: library.folder.url.appendingPathComponent("Album/05 Café.mp3"))
        try await library.scan()

        try await expectSongsMatchEntries(library, "Mix", count: 4)
        let songs = try await library.playlists.songs(of: "Mix")
        #expect(songs.map(\.track.title) == ["Duo", "Two", "Café", "Two"])
        #expect(songs[2].track.isMissing)
        #expect(songs[1].annotation.starredAt != nil && songs[3].annotation.starredAt != nil)
        #expect(songs[0].annotation.rating == 3 && songs[0].annotation.playCount == 1)
        #expect(songs[0].track.metadata.artists == ["Ann", "Bo"] && songs[0].track.metadata.genres == ["Jazz", "Rock"])
        let ann = try await library.services.browse.songs(ids: [duo6], userID: User.localID).first?.artists.first
        #expect(ann?.name == "Ann" && songs[0].artistID == ann?.id)
    }

    @Test func aSmartPlaylistIsEvaluatedWithItsMarks() async throws {
        let library = try await PlaylistTestLibrary()
        defer { library.folder.remove() }
        _ = try await library.playlists.create(PlaylistDraft(
            name: "Rock", rule: SmartRule(query: try LibraryQuery.parse("genre:rock"), sort: try LibrarySort.parse(["year-"], for: .tracks))))
        try await library.services.annotations.star([.track(try await library.id("Four"))], user: User.localID)
        try await expectSongsMatchEntries(library, "Rock", count: 3)
        let songs = try await library.playlists.songs(of: "Rock")
        #expect(songs.map(\.track.title) == ["Café", "Four", "Thé"])
        #expect(songs.map { $0.annotation.starredAt != nil } == [false, true, false])
    }

    @Test func aServiceWithoutTheDatabaseDoesNotAnswer() async throws {
        await #expect(throws: LibraryError.self) { try await UnimplementedPlaylistService().songs(of: "Mix") }
    }
}
