import CSQLite
import Foundation
import LibraryCore

/// SQL for browsing the library as a music server's clients do: songs, albums, artists,
/// folders, genres and paged search, each with one user's annotations.
///
/// Lists are built in two steps: a query that picks one page of ids through an index, then
/// one query per kind that loads those ids' rows (never one query per item).
package enum BrowseStore {
    /// The present songs `ids`, in that order, with `userID`'s annotations; unknown or
    /// missing ids are left out.
    package static func songs(ids: [Int64], userID: Int64, _ db: Connection) throws -> [BrowseSong] {
        guard !ids.isEmpty else { return [] }
        let loaded = try songs(
            where: "t.id IN (SELECT value FROM json_each(?)) AND t.missing_since IS NULL",
            [JSONText.encode(ids: ids)], orderBy: "t.id", userID: userID, db)
        let byID = Dictionary(loaded.map { ($0.track.id, $0) }, uniquingKeysWith: { first, _ in first })
        return ids.compactMap { byID[$0] }
    }

    /// Songs matching `condition` (over `track t`), in `order`, with `userID`'s annotations.
    static func songs(
        where condition: String, _ arguments: [any DatabaseValueConvertible], orderBy order: String, userID: Int64, _ db: Connection
    ) throws -> [BrowseSong] {
        let sql = """
            SELECT \(songColumns), t.folder_id, an.starred_at, an.rating, an.play_count, an.last_played_at,
                   (SELECT f.has_cover_image FROM folder f WHERE f.id = t.folder_id)
            FROM track t JOIN library l ON l.id = t.library_id
            LEFT JOIN track_annotation an ON an.user_id = ? AND an.track_id = t.id
            WHERE \(condition) ORDER BY \(order)
            """
        var result: [BrowseSong] = []
        try db.cachedStatement(sql).forEach([userID] + arguments) { s in
            let track = TrackStore.decode(s)
            result.append(BrowseSong(
                track: track, folderID: s.column(50) ?? 0, artists: [], albumArtists: [],
                annotation: annotation(s, at: 51), hasCover: track.metadata.hasCoverArt || (s.column(55) ?? 0) != 0))
        }
        let credits = try artistCredits(trackIDs: result.map(\.track.id), db)
        let albumsWithCovers = try albumsWithCovers(Set(result.compactMap(\.track.albumID)), db)
        for index in result.indices {
            let track = result[index].track
            result[index].artists = credits[Credit(trackID: track.id, role: "artist")] ?? []
            result[index].albumArtists = credits[Credit(trackID: track.id, role: "albumartist")] ?? []
            // A song is shown with its album's cover, which any of the album's tracks may hold.
            if let albumID = track.albumID { result[index].hasCover = albumsWithCovers.contains(albumID) }
        }
        return result
    }

    /// Those of the albums `ids` with a present track that has an embedded picture or lies
    /// beside a cover image.
    static func albumsWithCovers(_ ids: Set<Int64>, _ db: Connection) throws -> Set<Int64> {
        guard !ids.isEmpty else { return [] }
        var result = Set<Int64>()
        try db.cachedStatement("""
            SELECT DISTINCT t.album_id FROM track t JOIN folder f ON f.id = t.folder_id
            WHERE t.album_id IN (SELECT value FROM json_each(?)) AND t.missing_since IS NULL
              AND (t.has_cover = 1 OR f.has_cover_image = 1)
            """).forEach([JSONText.encode(ids: Array(ids))]) { s in
            if let id: Int64 = s.column(0) { result.insert(id) }
        }
        return result
    }

    /// The track columns, without the (possibly large) map of other tags nothing browses.
    static let songColumns = TrackStore.selectList.replacingOccurrences(of: "t.other_tags", with: "'{}'")

    struct Credit: Hashable {
        var trackID: Int64
        var role: String
    }

    /// The artists and album artists of `trackIDs`, in tag order, in one query.
    static func artistCredits(trackIDs: [Int64], _ db: Connection) throws -> [Credit: [ArtistReference]] {
        guard !trackIDs.isEmpty else { return [:] }
        var result: [Credit: [ArtistReference]] = [:]
        try db.cachedStatement("""
            SELECT ta.track_id, ta.role, ar.id, ar.name
            FROM track_artist ta JOIN artist ar ON ar.id = ta.artist_id
            WHERE ta.track_id IN (SELECT value FROM json_each(?))
            ORDER BY ta.track_id, ta.role, ta.position
            """).forEach([JSONText.encode(ids: trackIDs)]) { s in
            let credit = Credit(trackID: s.column(0) ?? 0, role: s.column(1) ?? "")
            result[credit, default: []].append(ArtistReference(id: s.column(2) ?? 0, name: s.column(3) ?? ""))
        }
        return result
    }

    /// Decodes `starred_at, rating, play_count, last_played_at` starting at column `index`
    /// (NULLs from a LEFT JOIN that found no annotation read as none).
    static func annotation(_ s: Statement, at index: Int) -> Annotation {
        func date(_ i: Int) -> Date? { (s.column(i) as Int64?).map { Date(timeIntervalSince1970: Double($0)) } }
        return Annotation(
            starredAt: date(index), rating: s.column(index + 1), playCount: s.column(index + 2) ?? 0,
            lastPlayedAt: date(index + 3))
    }

    /// `AND t.library_id = ?` when a library is given, with its argument.
    static func libraryFilter(_ libraryID: Int64?, column: String = "t.library_id") -> (sql: String, arguments: [any DatabaseValueConvertible]) {
        guard let libraryID else { return ("", []) }
        return (" AND \(column) = ?", [libraryID])
    }

    /// Collects up to `page` distinct non-NULL values of column 0 while stepping `sql`:
    /// walking an index in order and stopping early, instead of grouping the whole table.
    static func distinctFirstColumn(
        _ sql: String, _ arguments: [any DatabaseValueConvertible], page: Page, _ db: Connection
    ) throws -> [Int64] {
        let statement = try db.cachedStatement(sql)
        try statement.bind(arguments)
        var seen = Set<Int64>()
        var result: [Int64] = []
        let wanted = page.offset + page.size
        while result.count < page.size, seen.count < wanted, try statement.step() {
            guard let id: Int64 = statement.column(0), seen.insert(id).inserted else { continue }
            if seen.count > page.offset { result.append(id) }
        }
        // Stopped early: reset so the statement does not hold the read snapshot open.
        sqlite3_reset(statement.handle)
        return result
    }
}
