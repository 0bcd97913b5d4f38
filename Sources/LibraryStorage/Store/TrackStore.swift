import Foundation
import LibraryCore

/// SQL for the `track` table.
package enum TrackStore {
    /// `SELECT <every track column> FROM track t JOIN library l ...` ready for a WHERE clause.
    static let selectFrom: SQL = "SELECT \(sql: TrackColumns.selectList) FROM track t JOIN library l ON l.id = t.library_id"

    /// Tracks matching `condition`, in `order`; missing ones only when `includeMissing`.
    package static func tracks(
        where condition: SQL, orderBy order: String, limit: Int?, includeMissing: Bool, _ db: Connection
    ) throws -> [Track] {
        var sql: SQL = "\(selectFrom) WHERE (\(condition))"
        if !includeMissing { sql.append(" AND t.missing_since IS NULL") }
        sql.append(" ORDER BY \(sql: order)")
        if let limit { sql.append(" LIMIT \(limit)") }
        return try tracks(try db.makeStatement(sql))
    }

    /// The track with this id.
    package static func find(id: Int64, _ db: Connection) throws -> Track? {
        try tracks(try db.cachedStatement("\(selectFrom) WHERE t.id = \(id)")).first
    }

    /// The track at this absolute path (matched on NFC text), in any library.
    package static func find(path: RawPath, _ db: Connection) throws -> Track? {
        try tracks(try db.cachedStatement("\(selectFrom) WHERE t.path_text = \(path.text) ORDER BY t.id LIMIT 1")).first
    }

    /// Every track `statement` selects (with every track column).
    static func tracks(_ statement: Statement) throws -> [Track] {
        let layout = TrackColumns.Layout(statement)
        var result: [Track] = []
        try statement.forEach { result.append(layout.track($0)) }
        return result
    }
}
