import LibraryCore

extension TrackStore {
    /// Present tracks matching full-text `query`, best match first (bm25, titles weighted
    /// highest; ties by id so the order is stable). With `columns`, only those are read (see
    /// `tracks(where:orderBy:limit:includeMissing:columns:_:)`).
    package static func search(_ query: SearchQuery, limit: Int?, columns: Set<String>? = nil, _ db: Connection) throws -> [Track] {
        var result: [Track] = []
        try search(query, limit: limit, columns: columns, db) { result.append($0) }
        return result
    }

    /// `search(_:limit:columns:_:)` handed to `body` one track at a time as they are read.
    package static func search(
        _ query: SearchQuery, limit: Int?, columns: Set<String>? = nil, _ db: Connection, _ body: (Track) throws -> Void
    ) throws {
        let omitted = leftOut(keeping: columns)
        let sql = try searching(query, limit: limit, selecting: TrackColumns.selectList(leavingOut: omitted), db)
        try forEachTrack(try db.makeStatement(sql), leavingOut: omitted, body)
    }

    /// `SELECT list` of the present tracks matching `query`, best match first.
    static func searching(_ query: SearchQuery, limit: Int?, selecting list: String, _ db: Connection) throws -> SQL {
        if let limit { return try rankedPage(query, limit: limit, selecting: list, db) }
        return """
            SELECT \(sql: list)
            FROM track_search JOIN track t ON t.id = track_search.rowid JOIN library l ON l.id = t.library_id
            WHERE \(query.match()) AND t.missing_since IS NULL
            ORDER BY track_search.rank, t.id
            """
    }

    /// A page of `limit` present matches, best first: only the page's rows are read whole.
    ///
    /// Every match is ranked as a bare (id, rank) pair, without reading its track: a track
    /// row per match only to see whether it is missing cost as much as the ranking. At most
    /// `missing` of the first `limit + missing` matches can be missing tracks (the count is
    /// read from the small `track_missing` index), so those are the only ones checked, in
    /// `track_present_ids` (v18); the first `limit` present ones are the page, as when
    /// every match was checked.
    private static func rankedPage(_ query: SearchQuery, limit: Int, selecting list: String, _ db: Connection) throws -> SQL {
        let missing: Int = try db.scalar("SELECT count(*) FROM track WHERE missing_since IS NOT NULL") ?? 0
        // A negative limit is no limit, in SQLite as here.
        let candidates = limit >= 0 && limit <= Int.max - missing ? limit + missing : -1
        return """
            SELECT \(sql: list)
            FROM (SELECT ranked.id, ranked.rank
                  FROM (SELECT track_search.rowid AS id, track_search.rank AS rank FROM track_search
                        WHERE \(query.match()) ORDER BY track_search.rank, track_search.rowid LIMIT \(candidates)) ranked
                  CROSS JOIN track p INDEXED BY track_present_ids ON (p.missing_since IS NULL) = 1 AND p.id = ranked.id
                  ORDER BY ranked.rank, ranked.id LIMIT \(limit)) page
            JOIN track t ON t.id = page.id JOIN library l ON l.id = t.library_id
            ORDER BY page.rank, page.id
            """
    }
}
