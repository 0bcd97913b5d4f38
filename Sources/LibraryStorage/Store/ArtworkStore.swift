import LibraryCore

/// SQL for cover art: the present tracks whose files (or folders) may hold an item's cover,
/// best first.
package enum ArtworkStore {
    /// A track that may carry a cover, embedded or as an image in its folder.
    package struct Candidate: Sendable, Equatable {
        package var trackID: Int64
        package var albumID: Int64?
        /// The audio file (raw bytes, as the scanner stored it).
        package var path: RawPath
        /// Whether the scanner saw an embedded picture in it.
        package var hasEmbeddedCover: Bool

        package init(trackID: Int64, albumID: Int64?, path: RawPath, hasEmbeddedCover: Bool) {
            self.trackID = trackID; self.albumID = albumID; self.path = path; self.hasEmbeddedCover = hasEmbeddedCover
        }
    }

    static let columns: SQL = "t.id, t.album_id, t.path, t.has_cover"

    /// The track `id`, when it exists and is not missing.
    package static func candidates(trackID id: Int64, _ db: Connection) throws -> [Candidate] {
        try candidates("SELECT \(columns) FROM track t WHERE t.id = \(id) AND t.missing_since IS NULL", db)
    }

    /// The present tracks of album `id`, in disc and track order.
    package static func candidates(albumID id: Int64, limit: Int, _ db: Connection) throws -> [Candidate] {
        try candidates("""
            SELECT \(columns) FROM track t WHERE t.album_id = \(id) AND t.missing_since IS NULL
            ORDER BY t.disc_number, t.track_number, t.path_text LIMIT \(limit)
            """, db)
    }

    /// The folder `id`'s path and its present tracks, by path; nil when there is no such folder.
    package static func folder(id: Int64, limit: Int, _ db: Connection) throws -> (path: RawPath, tracks: [Candidate])? {
        guard let bytes: [UInt8] = try db.scalar("SELECT path FROM folder WHERE id = \(id)") else { return nil }
        let tracks = try candidates("""
            SELECT \(columns) FROM track t WHERE t.folder_id = \(id) AND t.missing_since IS NULL ORDER BY t.path_text LIMIT \(limit)
            """, db)
        return (RawPath(bytes: bytes), tracks)
    }

    /// The present tracks of artist `id`'s albums, album by album: the albums they are the
    /// album artist of first, then those they appear on; earliest year first.
    package static func candidates(artistID id: Int64, limit: Int, _ db: Connection) throws -> [Candidate] {
        try candidates("""
            WITH albums AS (
                SELECT a.id, a.title, a.artist_id IS \(id) AS own,
                       (SELECT min(year) FROM track WHERE album_id = a.id) AS year
                FROM album a
                WHERE a.artist_id = \(id) OR a.id IN (
                    SELECT t2.album_id FROM track_artist ta JOIN track t2 ON t2.id = ta.track_id
                    WHERE ta.artist_id = \(id) AND t2.album_id IS NOT NULL)
            )
            SELECT \(columns) FROM track t JOIN albums al ON al.id = t.album_id
            WHERE t.missing_since IS NULL
            ORDER BY al.own DESC, al.year IS NULL, al.year, al.title, al.id, t.disc_number, t.track_number, t.path_text
            LIMIT \(limit)
            """, db)
    }

    static func candidates(_ sql: SQL, _ db: Connection) throws -> [Candidate] {
        var result: [Candidate] = []
        try db.makeStatement(sql).forEach { s in
            guard let id: Int64 = s["id"], let bytes: [UInt8] = s["path"] else { return }
            result.append(Candidate(
                trackID: id, albumID: s["album_id"], path: RawPath(bytes: bytes), hasEmbeddedCover: (s["has_cover"] as Int64?) == 1))
        }
        return result
    }
}
