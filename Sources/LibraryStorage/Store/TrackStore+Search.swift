import LibraryCore

extension TrackStore {
    /// Present tracks matching full-text `query`, best match first (bm25, titles weighted
    /// highest; ties by id so the order is stable).
    package static func search(_ query: SearchQuery, limit: Int?, _ db: Connection) throws -> [Track] {
        let match = query.match()
        var sql = """
            SELECT \(selectList)
            FROM track_search JOIN track t ON t.id = track_search.rowid JOIN library l ON l.id = t.library_id
            WHERE \(match.sql) AND t.missing_since IS NULL
            ORDER BY track_search.rank, t.id
            """
        var arguments: [any DatabaseValueConvertible] = match.arguments
        if let limit {
            sql += " LIMIT ?"
            arguments.append(limit)
        }
        var result: [Track] = []
        try db.makeStatement(sql).forEach(arguments) { result.append(decode($0)) }
        return result
    }
}
