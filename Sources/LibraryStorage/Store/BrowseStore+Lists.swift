import Foundation
import LibraryCore

extension BrowseStore {
    /// Every genre of a present track (each value of multi-valued genres counts; names
    /// equal after folding are one genre), with its song and album counts, by name.
    package static func genres(_ db: Connection) throws -> [BrowseGenre] {
        var result: [BrowseGenre] = []
        try db.cachedStatement("""
            SELECT min(g.value), count(DISTINCT t.id), count(DISTINCT t.album_id)
            FROM track t, json_each(t.genres) g
            WHERE t.missing_since IS NULL AND trim(g.value) <> ''
            GROUP BY lower(g.value) ORDER BY lower(g.value)
            """).forEach { s in
            result.append(BrowseGenre(name: s.column(0) ?? "", songCount: s.column(1) ?? 0, albumCount: s.column(2) ?? 0))
        }
        return result
    }

    /// One page of the present songs of `genre`, by album, disc and track.
    package static func genreSongIDs(_ genre: String, page: Page, libraryID: Int64?, _ db: Connection) throws -> [Int64] {
        guard page.size > 0 else { return [] }
        let match = genreMatch(genre)
        let library = libraryFilter(libraryID)
        return try ids("""
            SELECT t.id FROM \(match.from) WHERE \(match.condition) AND t.missing_since IS NULL\(library.sql)
            ORDER BY t.album_sort, t.album, t.disc_number, t.track_number, t.id LIMIT ? OFFSET ?
            """, match.arguments + library.arguments + [page.size, page.offset], db)
    }

    /// Up to `size` random present songs, optionally of one genre, years and library.
    package static func randomSongIDs(
        size: Int, genre: String?, years: ClosedRange<Int>?, libraryID: Int64?, _ db: Connection
    ) throws -> [Int64] {
        guard size > 0 else { return [] }
        var from = "track t"
        var condition = "t.missing_since IS NULL"
        var arguments: [any DatabaseValueConvertible] = []
        if let genre {
            let match = genreMatch(genre)
            from = match.from
            condition += " AND \(match.condition)"
            arguments += match.arguments
        }
        if let years {
            condition += " AND t.year BETWEEN ? AND ?"
            arguments += [years.lowerBound, years.upperBound]
        }
        let library = libraryFilter(libraryID)
        return try ids(
            "SELECT t.id FROM \(from) WHERE \(condition)\(library.sql) ORDER BY random() LIMIT ?",
            arguments + library.arguments + [size], db)
    }

    /// What `userID` starred, most recently starred first: present songs, albums with
    /// present tracks, and artists.
    package static func starredIDs(userID: Int64, libraryID: Int64?, _ db: Connection) throws -> (songs: [Int64], albums: [Int64], artists: [Int64]) {
        let library = libraryFilter(libraryID)
        let songs = try ids("""
            SELECT t.id FROM track_annotation an JOIN track t ON t.id = an.track_id
            WHERE an.user_id = ? AND an.starred_at IS NOT NULL AND t.missing_since IS NULL\(library.sql)
            ORDER BY an.starred_at DESC, t.id
            """, [userID] + library.arguments, db)
        let albumLibrary = libraryFilter(libraryID, column: "p.library_id")
        let albums = try ids("""
            SELECT a.id FROM album_annotation an JOIN album a ON a.id = an.album_id
            WHERE an.user_id = ? AND an.starred_at IS NOT NULL
              AND EXISTS (SELECT 1 FROM track p WHERE p.album_id = a.id AND p.missing_since IS NULL\(albumLibrary.sql))
            ORDER BY an.starred_at DESC, a.id
            """, [userID] + albumLibrary.arguments, db)
        let artists = try ids("""
            SELECT an.artist_id FROM artist_annotation an
            WHERE an.user_id = ? AND an.starred_at IS NOT NULL ORDER BY an.starred_at DESC, an.artist_id
            """, [userID], db)
        return (songs, albums, artists)
    }
}
