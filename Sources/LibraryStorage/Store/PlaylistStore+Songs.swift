import Foundation
import LibraryCore

/// A playlist's entries as song lists show them (Subsonic getPlaylist, the web app's
/// playlist screen): only the track columns those show, with the owner's marks and each
/// track's first artist when asked for.
extension PlaylistStore {
    /// The track columns a song list shows (`PlaylistSong.track` has only these fields read;
    /// the others are as `TrackColumns.placeholder` has them).
    static let songColumns: Set<String> = [
        "id", "path", "file_size", "format", "duration_ms", "bitrate", "sample_rate", "title", "artists", "album",
        "track_number", "disc_number", "year", "genres", "album_id", "added_at", "missing_since",
    ]

    /// The columns a track row shows (`PlaylistSong.Reading.trackRow`): the path only for a
    /// track without a title.
    static let rowColumns: Set<String> = [
        "id", TrackColumns.untitledPathName, "format", "duration_ms", "sample_rate", "title", "artists", "album",
        "track_number", "album_id", "missing_since",
    ]

    /// The track columns a song list leaves out.
    private static let songOmits = TrackStore.leftOut(keeping: songColumns)

    /// The track columns a track row leaves out.
    private static let rowOmits = TrackStore.leftOut(keeping: rowColumns)

    /// The columns of the marks (`an`, the owner's `track_annotation` row).
    private static let annotationColumns: SQL = "an.starred_at, an.rating, an.play_count, an.last_played_at"

    /// The column of the first credited artist of the track `t` (a link's artist exists:
    /// foreign keys are on and a deleted artist's links go with it, so no join checks it).
    private static let firstArtistColumn: SQL = """
        (SELECT ta.artist_id FROM track_artist ta
         WHERE ta.track_id = t.id AND ta.role = 'artist' ORDER BY ta.position LIMIT 1) AS first_artist_id
        """

    /// The columns of the marks and the first credited artist of the track `t`.
    private static let marksColumns: SQL = "\(annotationColumns), \(firstArtistColumn)"

    /// The stored entries of a playlist in order (missing tracks included), numbered 1...,
    /// as songs with the marks of `userID`: only what `reading` names is read.
    package static func songs(
        playlistID: Int64, userID: Int64, reading: PlaylistSong.Reading = .everything, _ db: Connection
    ) throws -> [PlaylistSong] {
        var songs: [PlaylistSong] = []
        songs.reserveCapacity(try db.scalar("SELECT count(*) FROM playlist_item WHERE playlist_id = \(playlistID)") ?? 0)
        let marks = try self.marks(playlistID: playlistID, userID: userID, db)
        let omits = reading == .trackRow ? rowOmits : songOmits
        let artist: SQL = reading == .withoutArtist ? "" : ", \(firstArtistColumn)"
        let statement = try db.cachedStatement("""
            SELECT \(sql: TrackColumns.selectList(leavingOut: omits))\(artist)
            FROM playlist_item i JOIN track t ON t.id = i.track_id JOIN library l ON l.id = t.library_id
            WHERE i.playlist_id = \(playlistID) ORDER BY i.position, i.id
            """)
        let layout = TrackColumns.Layout(statement, leavingOut: omits)
        let artistAt = statement.index(ofColumn: "first_artist_id")
        try statement.forEach { row in
            let track = layout.track(row)
            songs.append(PlaylistSong(
                position: songs.count + 1, track: track, annotation: marks[track.id] ?? Annotation.none,
                artistID: artistAt.flatMap { row.column($0) }))
        }
        return songs
    }

    /// The marks of `userID` on the tracks of a playlist, by track id (unmarked tracks left
    /// out): one search per entry in a tight loop, cheaper than joining the marks to each row.
    private static func marks(playlistID: Int64, userID: Int64, _ db: Connection) throws -> [Int64: Annotation] {
        var marks: [Int64: Annotation] = [:]
        let statement = try db.cachedStatement("""
            SELECT an.track_id, \(annotationColumns) FROM track_annotation an
            WHERE an.user_id = \(userID) AND an.track_id IN (SELECT track_id FROM playlist_item WHERE playlist_id = \(playlistID))
            """)
        try statement.forEach { row in
            marks[row.column(0) ?? 0] = BrowseStore.annotation(row, at: 1)
        }
        return marks
    }

    /// `tracks` (a smart playlist's result) numbered 1... as songs with the marks of `userID`.
    package static func songs(of tracks: [Track], userID: Int64, _ db: Connection) throws -> [PlaylistSong] {
        guard !tracks.isEmpty else { return [] }
        var marks: [Int64: (Annotation, Int64?)] = [:]
        let statement = try db.makeStatement("""
            SELECT t.id, \(marksColumns)
            FROM track t LEFT JOIN track_annotation an ON an.user_id = \(userID) AND an.track_id = t.id
            WHERE t.id IN (SELECT value FROM json_each(\(JSONText.encode(ids: tracks.map(\.id)))))
            """)
        try statement.forEach { row in
            marks[row.column(0) ?? 0] = (BrowseStore.annotation(row, at: 1), row.column(5))
        }
        return tracks.enumerated().map { index, track in
            let (annotation, artistID) = marks[track.id] ?? (Annotation.none, nil)
            return PlaylistSong(position: index + 1, track: track, annotation: annotation, artistID: artistID)
        }
    }
}
