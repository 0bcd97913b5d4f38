import Foundation
import LibraryCore

/// A playlist's entries as song lists show them (Subsonic getPlaylist, the web app's
/// playlist screen): only the track columns those show, with the owner's marks and each
/// track's first artist, in one query.
extension PlaylistStore {
    /// The track columns a song list shows (`PlaylistSong.track` has only these fields read;
    /// the others are as `TrackColumns.placeholder` has them).
    static let songColumns: Set<String> = [
        "id", "path", "file_size", "format", "duration_ms", "bitrate", "sample_rate", "title", "artists", "album",
        "track_number", "disc_number", "year", "genres", "album_id", "added_at", "missing_since",
    ]

    /// The track columns a song list leaves out.
    private static let songOmits = TrackStore.leftOut(keeping: songColumns)

    /// The columns of the marks (`an`, the owner's `track_annotation` row) and the first
    /// credited artist of the track `t`.
    private static let marksColumns: SQL = """
        an.starred_at, an.rating, an.play_count, an.last_played_at,
        (SELECT ta.artist_id FROM track_artist ta JOIN artist ar ON ar.id = ta.artist_id
         WHERE ta.track_id = t.id AND ta.role = 'artist' ORDER BY ta.position LIMIT 1) AS first_artist_id
        """

    /// The stored entries of a playlist in order (missing tracks included), numbered 1...,
    /// as songs with the marks of `userID`.
    package static func songs(playlistID: Int64, userID: Int64, _ db: Connection) throws -> [PlaylistSong] {
        var songs: [PlaylistSong] = []
        songs.reserveCapacity(try db.scalar("SELECT count(*) FROM playlist_item WHERE playlist_id = \(playlistID)") ?? 0)
        let statement = try db.cachedStatement("""
            SELECT \(sql: TrackColumns.selectList(leavingOut: songOmits)), \(marksColumns)
            FROM playlist_item i JOIN track t ON t.id = i.track_id JOIN library l ON l.id = t.library_id
            LEFT JOIN track_annotation an ON an.user_id = \(userID) AND an.track_id = t.id
            WHERE i.playlist_id = \(playlistID) ORDER BY i.position, i.id
            """)
        try read(statement) { songs.append(PlaylistSong(position: songs.count + 1, track: $0, annotation: $1, artistID: $2)) }
        return songs
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

    /// Reads each row of `statement` (the song columns, then `marksColumns`) as a track, its marks
    /// and its first artist's id.
    private static func read(_ statement: Statement, _ body: (Track, Annotation, Int64?) -> Void) throws {
        let layout = TrackColumns.Layout(statement, leavingOut: songOmits)
        let marksAt = try BrowseStore.column("starred_at", of: statement)
        let artistAt = try BrowseStore.column("first_artist_id", of: statement)
        try statement.forEach { row in
            body(layout.track(row), BrowseStore.annotation(row, at: marksAt), row.column(artistAt))
        }
    }
}
