import Foundation
import LibraryCore

extension BrowseStore {
    /// Artists that are the album artist of an album with present tracks (in `libraryID`,
    /// when given), with those albums' count, by sort name; `page` slices the list. Their
    /// annotations are `userID`'s (none without a user).
    package static func albumArtists(libraryID: Int64?, page: Page? = nil, userID: Int64?, _ db: Connection) throws -> [BrowseArtist] {
        var result: [BrowseArtist] = []
        try forEachAlbumArtist(libraryID: libraryID, page: page, userID: userID, db) { result.append($0) }
        return result
    }

    /// What `albumArtists` lists, handed to `body` one at a time as they are read (the
    /// artist index packs them as they come, with no array of them held).
    package static func forEachAlbumArtist(
        libraryID: Int64?, page: Page? = nil, userID: Int64?, _ db: Connection, _ body: (BrowseArtist) -> Void
    ) throws {
        let library = libraryFilter(libraryID, column: "p.library_id")
        var sql: SQL = """
            SELECT ar.id, ar.name, ar.sort_name, ar.mb_artist_id, count(a.id) AS album_count, an.starred_at, an.rating
            FROM album a JOIN artist ar ON ar.id = a.artist_id
            LEFT JOIN artist_annotation an ON an.user_id = \(userID) AND an.artist_id = ar.id
            WHERE \(presentAlbum(library: library))
            GROUP BY ar.id ORDER BY coalesce(ar.sort_name, ar.name) COLLATE NOCASE, ar.id
            """
        if let page { sql.append(" LIMIT \(page.size) OFFSET \(page.offset)") }
        try forEachArtist(sql, db, body)
    }

    /// The artists `ids` (any credited artist, album artist or not), in that order, with the
    /// count of albums with present tracks they are the album artist of. The artists are
    /// joined to the ids: `IN` copied them into a temporary index first.
    package static func artists(ids: [Int64], userID: Int64, _ db: Connection) throws -> [BrowseArtist] {
        guard !ids.isEmpty else { return [] }
        let loaded = try artists("""
            SELECT ar.id, ar.name, ar.sort_name, ar.mb_artist_id,
                   (SELECT count(*) FROM album a WHERE a.artist_id = ar.id AND \(presentAlbum())) AS album_count, an.starred_at, an.rating
            FROM json_each(\(JSONText.encode(ids: ids))) j JOIN artist ar ON ar.id = j.value
            LEFT JOIN artist_annotation an ON an.user_id = \(userID) AND an.artist_id = ar.id
            """, db)
        let byID = Dictionary(loaded.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        return ids.compactMap { byID[$0] }
    }

    /// Rows of `id, name, sort_name, mb_artist_id, album_count, starred_at, rating`.
    private static func artists(_ sql: SQL, _ db: Connection) throws -> [BrowseArtist] {
        var result: [BrowseArtist] = []
        try forEachArtist(sql, db) { result.append($0) }
        return result
    }

    /// Each row of `id, name, sort_name, mb_artist_id, album_count, starred_at, rating`, as it is read.
    private static func forEachArtist(_ sql: SQL, _ db: Connection, _ body: (BrowseArtist) -> Void) throws {
        // By position: a lookup by name hashes the name on every row (getArtists reads every
        // album artist of the library).
        try db.forEach(sql) { s in
            body(BrowseArtist(
                id: s.column(0) ?? 0, name: s.column(1) ?? "", sortName: s.column(2), musicBrainzID: s.column(3),
                albumCount: s.column(4) ?? 0, annotation: starsAndRating(s, at: 5)))
        }
    }

    /// The stars and ratings `userID` gave artists, by artist id (artists without either left out).
    package static func artistAnnotations(userID: Int64, _ db: Connection) throws -> [Int64: Annotation] {
        var result: [Int64: Annotation] = [:]
        try db.forEach("""
            SELECT artist_id, starred_at, rating FROM artist_annotation
            WHERE user_id = \(userID) AND (starred_at IS NOT NULL OR rating IS NOT NULL)
            """) { s in
            result[s.column(0) ?? 0] = starsAndRating(s, at: 1)
        }
        return result
    }

    /// The annotation in the row's `starred_at` and `rating` columns, at `first` and the one
    /// after it (artists have no plays).
    private static func starsAndRating(_ s: Statement, at first: Int) -> Annotation {
        let starred: Int64? = s.column(first)
        return Annotation(starredAt: starred.map { Date(timeIntervalSince1970: Double($0)) }, rating: s.column(first + 1))
    }

    /// Whether artist `id` has a present track or is the album artist of an album with one.
    package static func artistIsPresent(id: Int64, _ db: Connection) throws -> Bool {
        let found: Int64? = try db.scalar("""
            SELECT 1 WHERE EXISTS (SELECT 1 FROM track_artist ta JOIN track t ON t.id = ta.track_id
                                   WHERE ta.artist_id = \(id) AND t.missing_since IS NULL)
                        OR EXISTS (SELECT 1 FROM album a WHERE a.artist_id = \(id) AND \(presentAlbum()))
            """)
        return found != nil
    }
}
