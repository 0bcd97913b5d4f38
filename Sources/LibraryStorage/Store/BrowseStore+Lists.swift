import Foundation
import LibraryCore

extension BrowseStore {
    /// Every genre of a present track (each value of multi-valued genres counts; names
    /// equal after folding ASCII case are one genre), with its song and album counts, by name.
    ///
    /// The present tracks are read album by album from `track_album_totals`, which holds each
    /// track's genres: one pass over an index the list orders use anyway, without sorting, and
    /// nothing held but the genres (`GenreTally`). Counting per `(genres, album)` pair through
    /// an index of its own took two sorts and a distinct count in SQLite, 4.8 MB at the
    /// server's peak at a million tracks (notes/scan-at-the-limit.md).
    package static func genres(_ db: Connection) throws -> [BrowseGenre] {
        var tally = GenreTally()
        try db.forEach("""
            SELECT album_id, genres FROM track INDEXED BY track_album_totals
            WHERE missing_since IS NULL ORDER BY album_id
            """) { s in
            let album: Int64? = s.column(0)
            if let text = s.utf8Text(1) {
                tally.add(genres: text, album: album)
            } else {
                // Not valid UTF-8 (or not text): read as a String reads it.
                let text = Array((s.column(1) ?? "[]" as String).utf8)
                text.withUnsafeBufferPointer { tally.add(genres: $0, album: album) }
            }
        }
        return tally.genres()
    }

    /// One page of the present songs of `genre`, by album, disc and track.
    package static func genreSongIDs(_ genre: String, page: Page, libraryID: Int64?, _ db: Connection) throws -> [Int64] {
        guard page.size > 0 else { return [] }
        let match = genreMatch(genre)
        let library = libraryFilter(libraryID)
        return try db.values("""
            SELECT t.id FROM \(sql: match.from) WHERE \(match.condition) AND t.missing_since IS NULL\(library)
            ORDER BY t.album_sort, t.album, t.disc_number, t.track_number, t.id LIMIT \(page.size) OFFSET \(page.offset)
            """)
    }

    /// Up to `size` random present songs, optionally of one genre, years and library. Without
    /// a genre they are drawn by id (`sampledIDs`) rather than by sorting every song.
    package static func randomSongIDs(
        size: Int, genre: String?, years: ClosedRange<Int>?, libraryID: Int64?, _ db: Connection
    ) throws -> [Int64] {
        guard size > 0 else { return [] }
        var from = "track t"
        var condition: SQL = "t.missing_since IS NULL"
        if let genre {
            let match = genreMatch(genre)
            from = match.from
            condition.append(" AND \(match.condition)")
        }
        if let years {
            condition.append(" AND t.year BETWEEN \(years.lowerBound) AND \(years.upperBound)")
        }
        condition.append(libraryFilter(libraryID))
        if genre == nil, let sample = try sampledIDs(size, from: "track", as: "t", where: condition, db) {
            return sample
        }
        return try db.values("SELECT t.id FROM \(sql: from) WHERE \(condition) ORDER BY random() LIMIT \(size)")
    }

    /// What `userID` starred, most recently starred first: present songs, albums with
    /// present tracks, and artists.
    package static func starredIDs(userID: Int64, libraryID: Int64?, _ db: Connection) throws -> (songs: [Int64], albums: [Int64], artists: [Int64]) {
        let library = libraryFilter(libraryID)
        let songs: [Int64] = try db.values("""
            SELECT t.id FROM track_annotation an JOIN track t ON t.id = an.track_id
            WHERE an.user_id = \(userID) AND an.starred_at IS NOT NULL AND t.missing_since IS NULL\(library)
            ORDER BY an.starred_at DESC, t.id
            """)
        let albumLibrary = libraryFilter(libraryID, column: "p.library_id")
        let albums: [Int64] = try db.values("""
            SELECT a.id FROM album_annotation an JOIN album a ON a.id = an.album_id
            WHERE an.user_id = \(userID) AND an.starred_at IS NOT NULL
              AND \(presentAlbum(library: albumLibrary))
            ORDER BY an.starred_at DESC, a.id
            """)
        let artists: [Int64] = try db.values("""
            SELECT an.artist_id FROM artist_annotation an
            WHERE an.user_id = \(userID) AND an.starred_at IS NOT NULL ORDER BY an.starred_at DESC, an.artist_id
            """)
        return (songs, albums, artists)
    }
}
