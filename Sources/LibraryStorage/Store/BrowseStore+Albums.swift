import Foundation
import LibraryCore

extension BrowseStore {
    /// The albums `ids` that have present tracks, in that order, with their totals over
    /// those tracks and `userID`'s annotations: three queries, whatever the count. The albums
    /// are joined to the ids: `IN` copied them into a temporary index first.
    package static func albums(ids: [Int64], userID: Int64, _ db: Connection) throws -> [BrowseAlbum] {
        guard !ids.isEmpty else { return [] }
        let idList = JSONText.encode(ids: ids)
        let totals = try albumTotals(ids: ids, idList: idList, db)
        var byID: [Int64: BrowseAlbum] = [:]
        try db.forEach("""
            SELECT a.id, a.title, a.title_sort, a.album_artist, a.artist_id, a.compilation, a.mb_album_id,
                   an.starred_at, an.rating, an.play_count, an.last_played_at
            FROM json_each(\(idList)) j JOIN album a ON a.id = j.value
            LEFT JOIN album_annotation an ON an.user_id = \(userID) AND an.album_id = a.id
            """) { s in
            // By position, in the SELECT's order.
            guard let id: Int64 = s.column(0), let total = totals[id] else { return }
            let artist: String = s.column(3) ?? ""
            let artistID: Int64? = s.column(4)
            byID[id] = BrowseAlbum(
                id: id, name: s.column(1) ?? "", sortName: s.column(2), artist: artist, artistID: artistID,
                artists: artistID.map { [ArtistReference(id: $0, name: artist)] } ?? [],
                compilation: s.column(5) ?? false, musicBrainzID: s.column(6), songCount: total.songs,
                durationMs: total.durationMs, year: total.year, genres: total.genres,
                createdAt: Date(timeIntervalSince1970: Double(total.added)), annotation: annotation(s, at: 7),
                hasCover: total.hasCover)
        }
        // Album artists as the first track credits them (every one of them, not only the grouping name).
        let credits = try artistCredits(trackIDs: totals.values.map(\.firstTrackID), roles: .albumArtists, db)
        for (id, total) in totals {
            if let albumArtists = credits[total.firstTrackID]?.albumArtists, !albumArtists.isEmpty,
               byID[id]?.compilation == false {
                byID[id]?.artists = albumArtists
            }
        }
        return ids.compactMap { byID[$0] }
    }

    struct AlbumTotals {
        var songs = 0
        var durationMs = 0
        var year: Int?
        var added: Int64 = .max
        var genres: [String] = []
        var firstTrackID: Int64 = .max
        var hasCover = false
    }

    /// Totals over the present tracks of the albums `ids` (`idList` as a JSON array), by
    /// album id: those the connection's memo holds from earlier reads, the rest read and
    /// kept there.
    static func albumTotals(ids: [Int64], idList: String, _ db: Connection) throws -> [Int64: AlbumTotals] {
        guard try db.refreshReadMemo() else { return try albumTotals(idList, db) }
        var result: [Int64: AlbumTotals] = [:]
        var unknown: [Int64] = []
        for id in ids {
            if let known = db.readMemo.albumTotals[id] { result[id] = known } else { unknown.append(id) }
        }
        guard !unknown.isEmpty else { return result }
        let read = try albumTotals(unknown.count == ids.count ? idList : JSONText.encode(ids: unknown), db)
        db.readMemo.keep(read)
        result.merge(read) { known, _ in known }
        return result
    }

    /// Totals over the present tracks of the albums in `idList` (a JSON array), by album id,
    /// summed here from one row per track: one index walk, where aggregating in SQL took a
    /// second grouped query over `json_each(genres)` with two temporary b-trees (most of a
    /// getAlbumList2). The results are those SQL's `count`, `sum`, `min(nullif(year, 0))`,
    /// `min` and `max` gave, and genres as `GROUP BY lower(genre)` kept them: the first
    /// spelling by track id then tag position, shown as the bytewise least of its spellings.
    private static func albumTotals(_ idList: String, _ db: Connection) throws -> [Int64: AlbumTotals] {
        var result: [Int64: AlbumTotals] = [:]
        var genreKeys: [Int64: [String: Int]] = [:]
        // An album's tracks mostly carry the same genres: a row whose list is the previous
        // row's, in the same album, adds nothing.
        var previous: (albumID: Int64, genres: String)?
        try db.forEach(albumTotalsQuery(idList)) { s in
            guard let albumID: Int64 = s.column(0) else { return }
            let genres: String? = s.column(6)
            let repeated = previous?.albumID == albumID && previous?.genres == genres
            add(s, genres: repeated ? nil : genres, to: &result[albumID, default: AlbumTotals()],
                genreKeys: &genreKeys[albumID, default: [:]])
            previous = genres.map { (albumID, $0) }
        }
        return result
    }

    /// The per-track rows `albumTotals` sums, read from the covering index
    /// `track_album_totals` (v15) without a track row lookup.
    static func albumTotalsQuery(_ idList: String) -> SQL {
        """
        SELECT t.album_id, t.id, t.duration_ms, t.year, t.added_at, t.has_cover OR f.has_cover_image AS has_cover, t.genres
        FROM track t JOIN folder f ON f.id = t.folder_id
        WHERE t.album_id IN (SELECT value FROM json_each(\(idList))) AND t.missing_since IS NULL
        ORDER BY t.album_id, t.id
        """
    }

    /// Adds the track of the current row of the query above to its album's totals, and
    /// `genres` (its genre list, or nil when that adds nothing new) to the album's genres.
    private static func add(_ s: Statement, genres: String?, to totals: inout AlbumTotals, genreKeys: inout [String: Int]) {
        totals.songs += 1
        totals.durationMs += s.column(2) ?? 0
        if let year: Int = s.column(3), year != 0 { totals.year = min(totals.year ?? year, year) }
        totals.added = min(totals.added, s.column(4) ?? 0)
        totals.firstTrackID = min(totals.firstTrackID, s.column(1) ?? 0)
        if s.column(5) ?? false { totals.hasCover = true }
        if let genres {
            addGenres(JSONText.decodeArray(genres), to: &totals.genres, keys: &genreKeys)
        }
    }

    /// Appends the genres not yet in `genres` up to ASCII case (SQLite's `lower`), and keeps
    /// the bytewise least spelling of those already there (SQLite's `min`).
    private static func addGenres(_ new: [String], to genres: inout [String], keys: inout [String: Int]) {
        for genre in new {
            let key = String(decoding: SQLText.lowered(genre), as: UTF8.self)
            if let index = keys[key] {
                if SQLText.precedes(genre, genres[index]) { genres[index] = genre }
            } else {
                keys[key] = genres.count
                genres.append(genre)
            }
        }
    }

    /// The present songs of album `id` in disc and track order.
    package static func albumSongs(id: Int64, userID: Int64, _ db: Connection) throws -> [BrowseSong] {
        try songs(
            where: "t.album_id = \(id) AND t.missing_since IS NULL",
            orderBy: "coalesce(t.disc_number, 1), coalesce(t.track_number, 0), t.path_text, t.id", userID: userID, db)
    }

    /// The albums whose album artist is `artistID`, by year then name.
    package static func artistAlbumIDs(artistID: Int64, _ db: Connection) throws -> [Int64] {
        try db.values("""
            SELECT a.id FROM album a
            WHERE a.artist_id = \(artistID) AND \(presentAlbum())
            ORDER BY (SELECT min(t.year) FROM track t WHERE t.album_id = a.id AND t.missing_since IS NULL),
                     coalesce(a.title_sort, a.title) COLLATE NOCASE, a.id
            """)
    }

    /// An album `a` (or the album whose id is `album`) that has at least one present track,
    /// in the library `library` filters `p` to (`libraryFilter(_:column: "p.library_id")`;
    /// empty: in any library).
    ///
    /// The probe names `track_by_album_present`: left to itself, the planner takes
    /// `track_album_totals` (v15), whose nine columns make it almost four times as large
    /// (4.8 MB against 1.3 MB at 100,000 tracks, over a reader's 1 MB page cache), so a probe
    /// reads more pages. There, an alphabetical album page at offset 10,000 probed 10,500
    /// albums in 12.4 ms through it, and in 5.2 ms through the narrow index.
    static func presentAlbum(library: SQL = "", album: String = "a.id") -> SQL {
        "EXISTS (SELECT 1 FROM track p INDEXED BY track_by_album_present WHERE p.album_id = \(sql: album) AND p.missing_since IS NULL\(library))"
    }
}
