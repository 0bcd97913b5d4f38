import Foundation
import LibraryCore

extension BrowseStore {
    /// One page of the album list `type` for `userID`, as album ids in list order; only
    /// albums with present tracks (in `libraryID`, when given).
    package static func albumListIDs(
        _ type: AlbumListType, page: Page, libraryID: Int64?, userID: Int64, _ db: Connection
    ) throws -> [Int64] {
        guard page.size > 0 else { return [] }
        let library = libraryFilter(libraryID, column: "p.library_id")
        let present = presentAlbum(library: library)
        let paging: SQL = "LIMIT \(page.size) OFFSET \(page.offset)"
        func fromAlbums(_ order: String) throws -> [Int64] {
            try db.values("SELECT a.id FROM album a WHERE \(present) ORDER BY \(sql: order) \(paging)")
        }
        func annotated(_ condition: String, _ order: String) throws -> [Int64] {
            try db.values("""
                SELECT a.id FROM album_annotation an JOIN album a ON a.id = an.album_id
                WHERE an.user_id = \(userID) AND \(sql: condition) AND \(present) ORDER BY \(sql: order), a.id \(paging)
                """)
        }
        let trackLibrary = libraryFilter(libraryID)
        switch type {
        case .random:
            // A page at an offset of a random order is as random as the first: draw both, drop the offset.
            if let sample = try sampledIDs(page.offset + page.size, from: "album", as: "a", where: present, db) {
                return Array(sample.dropFirst(page.offset))
            }
            return try fromAlbums("random()")
        case .alphabeticalByName:
            return try fromAlbums(albumsByTitle)
        case .alphabeticalByArtist:
            return try fromAlbums(albumsByArtistAndTitle)
        case .starred:
            return try annotated("an.starred_at IS NOT NULL", "an.starred_at DESC")
        case .recent:
            return try annotated("an.last_played_at IS NOT NULL", "an.last_played_at DESC")
        case .frequent:
            return try annotated("an.play_count > 0", "an.play_count DESC")
        case .highest:
            return try annotated("an.rating IS NOT NULL", "an.rating DESC")
        case .newest:
            // Walks `track_album_by_added` (covering without a library) from the newest track and stops after a page of albums.
            return try distinctFirstColumn("""
                SELECT t.album_id FROM track t INDEXED BY track_album_by_added
                WHERE t.missing_since IS NULL AND t.album_id IS NOT NULL\(trackLibrary)
                ORDER BY t.added_at DESC, t.id DESC
                """, page: page, db)
        case .byYear(let from, let to):
            let direction = from > to ? "DESC" : "ASC"
            return try distinctFirstColumn("""
                SELECT t.album_id FROM track t INDEXED BY track_album_by_year
                WHERE t.year BETWEEN \(min(from, to)) AND \(max(from, to)) AND t.missing_since IS NULL AND t.album_id IS NOT NULL\(trackLibrary)
                ORDER BY t.year \(sql: direction), t.id \(sql: direction)
                """, page: page, db)
        case .byGenre(let genre):
            let match = genreMatch(genre)
            return try db.values("""
                SELECT a.id FROM album a WHERE a.id IN (
                    SELECT t.album_id FROM \(sql: match.from) WHERE \(match.condition) AND t.missing_since IS NULL\(trackLibrary))
                ORDER BY \(sql: albumsByTitle) \(paging)
                """)
        }
    }

    /// The order of the album list by name: exactly the expression `album_by_title` indexes,
    /// so a page is read in index order.
    static let albumsByTitle = "coalesce(a.title_sort, a.title) COLLATE NOCASE, a.id"

    /// The order of the album list by artist: exactly the expression `album_by_artist_title` indexes.
    static let albumsByArtistAndTitle =
        "coalesce(a.album_artist_sort, a.album_artist) COLLATE NOCASE, coalesce(a.title_sort, a.title) COLLATE NOCASE, a.id"

    /// Tracks `t` carrying `genre` exactly (folded): found through the full-text index's
    /// genre column, then checked against the track's own genres.
    static func genreMatch(_ genre: String) -> (from: String, condition: SQL) {
        let folded = TextFold.fold(genre)
        let exact: SQL = "instr(char(31) || t.genre_fold || char(31), char(31) || \(folded) || char(31)) > 0"
        let hasWords = folded.unicodeScalars.contains { $0.properties.isAlphabetic || $0.properties.numericType != nil }
        guard hasWords else { return ("track t", exact) }
        let phrase = "genre_fold : \"" + folded.replacingOccurrences(of: "\"", with: "\"\"") + "\""
        return ("track_search JOIN track t ON t.id = track_search.rowid", "track_search MATCH \(phrase) AND \(exact)")
    }
}
