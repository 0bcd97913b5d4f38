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
        let sql: SQL
        if let limit {
            // A page: every match is ranked as a bare (id, rank) pair and only the page's rows
            // are read whole, instead of sorting every match with all its columns.
            sql = """
                SELECT \(sql: TrackColumns.selectList(leavingOut: omitted))
                FROM (SELECT track_search.rowid AS id, track_search.rank AS rank
                      FROM track_search JOIN track t ON t.id = track_search.rowid
                      WHERE \(query.match()) AND t.missing_since IS NULL
                      ORDER BY track_search.rank, t.id LIMIT \(limit)) ranked
                JOIN track t ON t.id = ranked.id JOIN library l ON l.id = t.library_id
                ORDER BY ranked.rank, ranked.id
                """
        } else {
            sql = """
                SELECT \(sql: TrackColumns.selectList(leavingOut: omitted))
                FROM track_search JOIN track t ON t.id = track_search.rowid JOIN library l ON l.id = t.library_id
                WHERE \(query.match()) AND t.missing_since IS NULL
                ORDER BY track_search.rank, t.id
                """
        }
        try forEachTrack(try db.makeStatement(sql), leavingOut: omitted, body)
    }
}
