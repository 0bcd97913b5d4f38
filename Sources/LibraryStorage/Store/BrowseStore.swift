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
        // Joined to the ids, in no order (put in theirs after): `IN` copied the ids into a
        // temporary b-tree, with a pager of its own, before the first row (search3 took 5%
        // less CPU without it).
        return inOrder(try songs(
            from: "json_each(\(JSONText.encode(ids: ids))) j JOIN track t ON t.id = j.value",
            where: "t.missing_since IS NULL", orderBy: nil, userID: userID, db), of: ids)
    }

    /// `loaded` (each id once) in the order of `ids`: sorted in place when `ids` are distinct,
    /// so no song (a track of some twenty strings) is copied on the way. The array is taken,
    /// not borrowed: sorting a borrowed one copied every song into a new array first.
    private static func inOrder(_ loaded: consuming [BrowseSong], of ids: [Int64]) -> [BrowseSong] {
        var position: [Int64: Int] = [:]
        position.reserveCapacity(ids.count)
        for (index, id) in ids.enumerated() where position.updateValue(index, forKey: id) != nil {
            let byID = Dictionary(loaded.map { ($0.track.id, $0) }, uniquingKeysWith: { first, _ in first })
            return ids.compactMap { byID[$0] }
        }
        loaded.sort { position[$0.track.id] ?? 0 < position[$1.track.id] ?? 0 }
        return loaded
    }

    /// Present songs of `source` (`track t`, or a join with it) matching `condition` (it must
    /// leave missing tracks out), in `order` (nil: as SQLite reads them), with `userID`'s
    /// annotations.
    static func songs(
        from source: SQL = "track t", where condition: SQL, orderBy order: String?, userID: Int64, _ db: Connection
    ) throws -> [BrowseSong] {
        let ordered: SQL = order.map { " ORDER BY \(sql: $0)" } ?? ""
        let statement = try db.cachedStatement("""
            SELECT \(sql: songColumns), t.folder_id, an.starred_at, an.rating, an.play_count, an.last_played_at,
                   (SELECT f.has_cover_image FROM folder f WHERE f.id = t.folder_id) AS folder_has_cover
            FROM \(source) LEFT JOIN track_annotation an ON an.user_id = \(userID) AND an.track_id = t.id
            WHERE \(condition)\(ordered)
            """)
        let layout = songLayout
        // The columns after the track's, by position: a lookup by name hashes the name on every row.
        let folder = try column("folder_id", of: statement), annotationAt = try column("starred_at", of: statement)
        let folderCover = try column("folder_has_cover", of: statement)
        var result: [BrowseSong] = []
        try statement.forEach { s in
            let track = layout.track(s)
            result.append(BrowseSong(
                track: track, folderID: s.column(folder) ?? 0, artists: [], albumArtists: [],
                annotation: annotation(s, at: annotationAt), hasCover: track.metadata.audio.hasCoverArt || s.column(folderCover) ?? false))
        }
        let credits = try artistCredits(trackIDs: result.map(\.track.id), db)
        // A song is shown with its album's cover, which any of the album's tracks may hold. A
        // present song with a cover of its own shows that its album has one: only the albums
        // of songs without are probed.
        var coveredAlbums = Set<Int64>(), unknownAlbums = Set<Int64>()
        for song in result {
            guard let albumID = song.track.albumID else { continue }
            if song.hasCover { coveredAlbums.insert(albumID) } else { unknownAlbums.insert(albumID) }
        }
        coveredAlbums.formUnion(try albumsWithCovers(unknownAlbums.subtracting(coveredAlbums), db))
        for index in result.indices {
            // The id and album id only: copying the track would retain each of its strings.
            let trackID = result[index].track.id
            result[index].artists = credits[trackID]?.artists ?? []
            result[index].albumArtists = credits[trackID]?.albumArtists ?? []
            if let albumID = result[index].track.albumID { result[index].hasCover = coveredAlbums.contains(albumID) }
        }
        return result
    }

    /// Those of the albums `ids` with a present track that has an embedded picture or lies
    /// beside a cover image: the albums' totals say so (`AlbumTotals.hasCover`), which a
    /// reader keeps in its memo, as a search or list shows the same albums' songs again.
    static func albumsWithCovers(_ ids: Set<Int64>, _ db: Connection) throws -> Set<Int64> {
        guard !ids.isEmpty else { return [] }
        let list = Array(ids)
        let totals = try albumTotals(ids: list, idList: JSONText.encode(ids: list), db)
        return Set(totals.compactMap { $0.value.hasCover ? $0.key : nil })
    }

    /// The track columns a song shows: Subsonic's song (`child`) and the web app's track rows
    /// read no other field of `BrowseSong.track`, whose other fields are as
    /// `TrackColumns.placeholder` has them. The twenty left out (sort names, MusicBrainz ids
    /// but the recording's, dates, the library's name and its join, the other tags...) were
    /// two fifths of decoding the songs of a search; `missing_since` is NULL for every song.
    static let songKeeps: Set<String> = [
        "id", "path", "file_size", "format", "duration_ms", "bitrate", "sample_rate", "channels", "bit_depth",
        "has_cover", "title", "title_sort", "artists", "album_artists", "album", "track_number", "disc_number",
        "year", "genres", "composer", "comment", "bpm", "mb_recording_id", "rg_track_gain", "rg_track_peak",
        "rg_album_gain", "rg_album_peak", "album_id", "added_at",
    ]

    /// The track columns a song leaves out: all but `songKeeps`.
    static let songOmits = TrackStore.leftOut(keeping: songKeeps)

    /// The track columns but `songOmits` (no column of the library: a song's query does not join it).
    static let songColumns = TrackColumns.selectList(leavingOut: songOmits)

    /// Where a song's track columns are in a statement that selects `songColumns` first.
    static let songLayout = TrackColumns.Layout(leading: songOmits)

    /// Decodes the columns `starred_at, rating, play_count, last_played_at`, in that order from
    /// position `first` (NULLs from a LEFT JOIN that found no annotation read as none).
    static func annotation(_ s: Statement, at first: Int) -> Annotation {
        func date(_ position: Int) -> Date? { (s.column(position) as Int64?).map { Date(timeIntervalSince1970: Double($0)) } }
        return Annotation(
            starredAt: date(first), rating: s.column(first + 1), playCount: s.column(first + 2) ?? 0,
            lastPlayedAt: date(first + 3))
    }

    /// The position of `statement`'s result column `name`, found once before its rows are read.
    static func column(_ name: String, of statement: Statement) throws(DatabaseError) -> Int {
        guard let position = statement.index(ofColumn: name) else {
            throw DatabaseError(code: SQLITE_MISUSE, message: "no column \(name)", sql: statement.sql)
        }
        return position
    }

    /// `AND +t.library_id = ?` when a library is given. The unary plus keeps SQLite from
    /// answering the test through an index on `library_id` (`track_by_added_scan`): without
    /// statistics it chose that index over the album's or the search's own, and walked every
    /// track of the library for each album (getArtists with a music folder: over 10 s at
    /// 100,000 tracks). A library holds most tracks, so the test is only ever a filter.
    static func libraryFilter(_ libraryID: Int64?, column: String = "t.library_id") -> SQL {
        guard let libraryID else { return "" }
        return " AND +\(sql: column) = \(libraryID)"
    }

    /// Collects up to `page` distinct non-NULL values of column 0 while stepping `sql`:
    /// walking an index in order and stopping early, instead of grouping the whole table.
    static func distinctFirstColumn(_ sql: SQL, page: Page, _ db: Connection) throws -> [Int64] {
        let statement = try db.cachedStatement(sql)
        try statement.bind(sql.arguments)
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
