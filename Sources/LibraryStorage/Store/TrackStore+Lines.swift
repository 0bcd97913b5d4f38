import CSQLite
import LibraryCore

extension TrackStore {
    /// What a `TrackLine` reads, at the positions `forEachLine` reads them. The path is
    /// selected only for a track without a title, the one line it stands in for.
    private static let lineSelectList = """
        t.id, t.title, t.artists, t.album, t.track_number, t.disc_number, t.disc_total, t.year, t.duration_ms, \
        t.format, t.missing_since, CASE WHEN t.title IS NULL THEN t.path END
        """

    /// The tracks of `tracks(where:orderBy:limit:includeMissing:columns:_:)` handed to `body`
    /// as lines (`TrackLine`: the fields of `briefColumns` as SQLite's bytes), one at a time
    /// as they are read, with no `Track` made of any row.
    package static func forEachTrackLine(
        where condition: SQL, orderBy order: String, limit: Int?, includeMissing: Bool, _ db: Connection,
        _ body: (TrackLine) throws -> Void
    ) throws {
        let sql = listing(
            selecting: lineSelectList, where: condition, orderBy: order, limit: limit, includeMissing: includeMissing)
        try forEachLine(try db.makeStatement(sql), body)
    }

    /// The tracks of `search(_:limit:columns:_:)` handed to `body` as lines, best match first.
    package static func searchLines(
        _ query: SearchQuery, limit: Int?, _ db: Connection, _ body: (TrackLine) throws -> Void
    ) throws {
        try forEachLine(try db.makeStatement(try searching(query, limit: limit, selecting: lineSelectList, db)), body)
    }

    /// Hands each row of `statement` (selecting `lineSelectList`) to `body` as a line whose
    /// values are those a `Track` read with `briefColumns` holds.
    private static func forEachLine(_ statement: Statement, _ body: (TrackLine) throws -> Void) throws {
        // One array of artist slices, emptied for each row (the line handed over is gone by then).
        var artists: [UnsafeBufferPointer<UInt8>] = []
        let empty = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
        try statement.forEach { row in
            artists.removeAll(keepingCapacity: true)
            var line = TrackLine(
                id: row.column(0) ?? 0, title: row.textBytes(1),
                untitledPath: (row.column(11) as [UInt8]?).map(RawPath.init(bytes:)), artists: [],
                album: row.textBytes(3), trackNumber: row.column(4), discNumber: row.column(5), discTotal: row.column(6),
                year: row.column(7), durationMs: row.column(8) ?? 0, format: row.textBytes(9) ?? empty,
                isMissing: (row.column(10) as Int64?) != nil)
            if sqlite3_column_type(row.handle, 2) == SQLITE_TEXT, let listed = row.textBytes(2),
               JSONText.forEachPlainElement(of: listed, { artists.append($0) }) {
                line.artists = artists
                try body(line)
            } else {
                // Escapes or an odd value: decoded as a `Track`'s artists are, then lent.
                try lending(row.stringArray(2)) { names in
                    line.artists = names
                    try body(line)
                }
            }
        }
    }

    /// Calls `body` with the UTF-8 bytes of each of `texts`.
    private static func lending(_ texts: [String], _ body: ([UnsafeBufferPointer<UInt8>]) throws -> Void) throws {
        var bytes: [UInt8] = []
        var ends: [Int] = []
        for text in texts {
            bytes.append(contentsOf: text.utf8)
            ends.append(bytes.count)
        }
        try bytes.withUnsafeBufferPointer { all in
            try body(ends.indices.map { UnsafeBufferPointer(rebasing: all[(($0 == 0) ? 0 : ends[$0 - 1])..<ends[$0]]) })
        }
    }
}

extension Statement {
    /// The bytes of column `index` of the current row read as text (SQLite's own text for a
    /// number), lent until the statement moves on; nil for NULL.
    func textBytes(_ index: Int) -> UnsafeBufferPointer<UInt8>? {
        let position = Int32(index)
        guard sqlite3_column_type(handle, position) != SQLITE_NULL else { return nil }
        // The text first, then its length: the conversion to text may change the length.
        let text = sqlite3_column_text(handle, position)
        return UnsafeBufferPointer(start: text, count: Int(sqlite3_column_bytes(handle, position)))
    }
}
