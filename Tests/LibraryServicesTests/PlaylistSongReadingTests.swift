import Foundation
import LibraryCore
import LibraryServices
import Testing
import TestSupport

@Suite("Playlist service: entries as songs, reading only what a list shows")
struct PlaylistSongReadingTests {
    /// The track fields a track row shows, as text to compare.
    static func rowShown(_ track: Track) -> String {
        let m = track.metadata
        let fields: [Any?] = [
            track.id, track.title, m.artists, m.album, track.albumID, m.trackNumber, m.audio.durationMs, m.audio.format,
            m.audio.sampleRate, track.isMissing,
        ]
        return fields.map { String(describing: $0) }.joined(separator: "|")
    }

    /// "Mix": four tracks, the first starred, the third's file missing.
    func mix() async throws -> PlaylistTestLibrary {
        let library = try await PlaylistTestLibrary()
        defer { library.folder.remove() }
        try await library.makePlaylist("Mix", ["Two", "Four", "Café", "One"])
        try await library.services.annotations.star([.track(try await library.id("Two"))], user: User.localID)
        try FileManager.default.removeItem(at: library.folder.url.appendingPathComponent("Album/05 Café.mp3"))
        try await library.scan()
        return library
    }

    @Test func aTrackRowHasWhatTheRowShowsAndLeavesTheRestEmpty() async throws {
        let library = try await mix()
        defer { library.folder.remove() }
        let all = try await library.playlists.songs(of: "Mix")
        let rows = try await library.playlists.songs(of: "Mix", reading: .trackRow)
        #expect(all.count == 4 && rows.count == 4)
        #expect(rows.map(\.position) == all.map(\.position))
        #expect(rows.map { Self.rowShown($0.track) } == all.map { Self.rowShown($0.track) })
        #expect(rows.map(\.annotation) == all.map(\.annotation) && rows[0].annotation.starredAt != nil)
        #expect(rows.map(\.artistID) == all.map(\.artistID) && rows[1].artistID != nil)
        #expect(rows.map(\.track.title) == ["Two", "Four", "Café", "One"])
        #expect(rows[2].track.isMissing)
        // Left out: the path of a titled track, its size, bitrate, genres, year.
        #expect(rows.allSatisfy { $0.track.path.bytes.isEmpty } && all.allSatisfy { !$0.track.path.bytes.isEmpty })
        #expect(rows.allSatisfy {
            $0.track.fileSize == 0 && $0.track.metadata.audio.bitrate == nil && $0.track.metadata.genres.isEmpty
                && $0.track.metadata.year == nil
        })
    }

    @Test func withoutTheArtistEverythingElseIsRead() async throws {
        let library = try await mix()
        defer { library.folder.remove() }
        let all = try await library.playlists.songs(of: "Mix")
        let entries = try await library.playlists.songs(of: "Mix", reading: .withoutArtist)
        #expect(entries.map(\.position) == all.map(\.position))
        #expect(entries.map { PlaylistSongsTests.shown($0.track) } == all.map { PlaylistSongsTests.shown($0.track) })
        #expect(entries.map(\.annotation) == all.map(\.annotation))
        #expect(entries.allSatisfy { $0.artistID == nil } && all.contains { $0.artistID != nil })
    }
}
