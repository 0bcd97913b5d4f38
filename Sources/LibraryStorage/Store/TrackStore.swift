import Foundation
import LibraryCore

/// SQL for the `track` table.
package enum TrackStore {
    /// `SELECT <every track column> FROM track t JOIN library l ...` ready for a WHERE clause.
    static let selectFrom: SQL = "SELECT \(sql: TrackColumns.selectList) FROM track t JOIN library l ON l.id = t.library_id"

    /// The columns (`TrackColumns` names) a listing that shows only a track's paths reads.
    package static let pathColumns: Set<String> = ["id", "path"]

    /// The columns a brief listing reads (`kanora list`'s table): the id, title (the path
    /// stands in for a missing one), artists, album, track and disc numbers, year,
    /// duration, format and whether the file is missing.
    package static let briefColumns: Set<String> = pathColumns.union([
        "title", "artists", "album", "track_number", "disc_number", "disc_total", "year", "duration_ms",
        "format", "missing_since",
    ])

    /// The columns a summary listing reads (`kanora list --json`): the brief columns and the
    /// library's name, file size, audio properties, album artists, totals, date, genres,
    /// composer, compilation flag and damage; not sort names, MusicBrainz ids, ReplayGain,
    /// other tags or the bookkeeping dates.
    package static let summaryColumns: Set<String> = briefColumns.union([
        "name", "file_size", "bitrate", "sample_rate", "channels", "has_cover", "album_artists",
        "track_total", "date", "genres", "composer", "compilation", "damage",
    ])

    /// Tracks matching `condition`, in `order`; missing ones only when `includeMissing`.
    /// With `columns`, only those are read: the other fields keep `TrackColumns.placeholder`'s
    /// values (for large listings that show a few of them).
    package static func tracks(
        where condition: SQL, orderBy order: String, limit: Int?, includeMissing: Bool,
        columns: Set<String>? = nil, _ db: Connection
    ) throws -> [Track] {
        var result: [Track] = []
        try forEachTrack(
            where: condition, orderBy: order, limit: limit, includeMissing: includeMissing, columns: columns, db
        ) { result.append($0) }
        return result
    }

    /// `tracks(where:orderBy:limit:includeMissing:columns:_:)` handed to `body` one at a time
    /// as they are read, so a large listing need not hold them all.
    package static func forEachTrack(
        where condition: SQL, orderBy order: String, limit: Int?, includeMissing: Bool,
        columns: Set<String>? = nil, _ db: Connection, _ body: (Track) throws -> Void
    ) throws {
        let omitted = leftOut(keeping: columns)
        let statement = try statement(where: condition, orderBy: order, limit: limit, includeMissing: includeMissing, omitting: omitted, db)
        try forEachTrack(statement, leavingOut: omitted, body)
    }

    /// The statement `forEachTrack(where:orderBy:limit:includeMissing:columns:_:_:)` runs:
    /// every track column but `omitted`.
    package static func statement(
        where condition: SQL, orderBy order: String, limit: Int?, includeMissing: Bool, omitting omitted: Set<String> = [],
        _ db: Connection
    ) throws -> Statement {
        try db.makeStatement(listing(
            selecting: TrackColumns.selectList(leavingOut: omitted), where: condition, orderBy: order, limit: limit,
            includeMissing: includeMissing))
    }

    /// `SELECT list` of the tracks matching `condition`, in `order`; missing ones only when
    /// `includeMissing`.
    static func listing(
        selecting list: String, where condition: SQL, orderBy order: String, limit: Int?, includeMissing: Bool
    ) -> SQL {
        var sql: SQL = """
            SELECT \(sql: list) FROM track t JOIN library l ON l.id = t.library_id
            WHERE (\(condition))
            """
        if !includeMissing { sql.append(" AND t.missing_since IS NULL") }
        sql.append(" ORDER BY \(sql: order)")
        if let limit { sql.append(" LIMIT \(limit)") }
        return sql
    }

    /// The track columns not in `kept` (none when `kept` is nil), `TrackColumns.untitledPathName`
    /// among them unless kept.
    static func leftOut(keeping kept: Set<String>?) -> Set<String> {
        guard let kept else { return [] }
        return Set(TrackColumns.names.filter { !kept.contains($0) })
    }

    /// The highest track id (0 without tracks): at least how many tracks the database holds,
    /// read in one step of the table's key, where counting them reads every row.
    package static func highestID(_ db: Connection) throws -> Int64 {
        try db.scalar("SELECT coalesce(max(id), 0) FROM track") ?? 0
    }

    /// The track with this id.
    package static func find(id: Int64, _ db: Connection) throws -> Track? {
        try tracks(try db.cachedStatement("\(selectFrom) WHERE t.id = \(id)")).first
    }

    /// The track at this absolute path (matched on NFC text), in any library.
    package static func find(path: RawPath, _ db: Connection) throws -> Track? {
        try tracks(try db.cachedStatement("\(selectFrom) WHERE t.path_text = \(path.text) ORDER BY t.id LIMIT 1")).first
    }

    /// Every track `statement` selects (with every track column but `omitted`).
    static func tracks(_ statement: Statement, leavingOut omitted: Set<String> = []) throws -> [Track] {
        var result: [Track] = []
        try forEachTrack(statement, leavingOut: omitted) { result.append($0) }
        return result
    }

    /// Hands every track `statement` selects (with every track column but `omitted`) to `body`.
    static func forEachTrack(_ statement: Statement, leavingOut omitted: Set<String> = [], _ body: (Track) throws -> Void) throws {
        let layout = TrackColumns.Layout(statement, leavingOut: omitted)
        // One track filled again for each row (no copy of `placeholder` a row): every row
        // sets each field the layout reads, and the others keep `placeholder`'s values.
        var track = TrackColumns.placeholder
        try statement.forEach {
            layout.fill(&track, $0)
            try body(track)
        }
    }
}
