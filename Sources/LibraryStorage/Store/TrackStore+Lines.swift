import CSQLite
import LibraryCore

extension TrackStore {
    /// What a `TrackLine` reads, at the positions `forEachLine` reads them: with `fields`,
    /// only the columns of the fields named (NULL, an empty field, for the others); without,
    /// the brief ones (no album artists). The path is selected only for a track without a
    /// title, the one line it stands in for.
    private static func lineSelectList(fields: Set<String>?) -> String {
        func column(_ field: String, _ expression: String) -> String {
            LineFields.selects(field, fields) ? expression : "NULL"
        }
        return [
            "t.id", column("title", "t.title"), column("artist", "t.artists"), column("album", "t.album"),
            column("track", "t.track_number"), column("disc", "t.disc_number"), column("disctotal", "t.disc_total"),
            column("year", "t.year"), column("length", "t.duration_ms"), column("format", "t.format"),
            column("missing", "t.missing_since"), column("title", "CASE WHEN t.title IS NULL THEN t.path END"),
            column("albumartist", "t.album_artists"),
        ].joined(separator: ", ")
    }

    /// The tracks of `tracks(where:orderBy:limit:includeMissing:columns:_:)` handed to `body`
    /// as lines (`TrackLine`: the fields of `briefColumns` as SQLite's bytes; with `fields`,
    /// only the line fields it names, `albumartist` among them), one at a time as they are
    /// read, with no `Track` made of any row.
    package static func forEachTrackLine(
        where condition: SQL, orderBy order: String, limit: Int?, includeMissing: Bool, fields: Set<String>? = nil,
        _ db: Connection, _ body: (TrackLine) throws -> Void
    ) throws {
        let sql = listing(
            selecting: lineSelectList(fields: fields), where: condition, orderBy: order, limit: limit,
            includeMissing: includeMissing)
        try forEachLine(try db.makeStatement(sql), LineFields(fields), body)
    }

    /// The tracks of `search(_:limit:columns:_:)` handed to `body` as lines, best match first.
    package static func searchLines(
        _ query: SearchQuery, limit: Int?, _ db: Connection, _ body: (TrackLine) throws -> Void
    ) throws {
        let sql = try searching(query, limit: limit, selecting: lineSelectList(fields: nil), db)
        try forEachLine(try db.makeStatement(sql), LineFields(nil), body)
    }

    /// Which fields a line listing selects (`lineSelectList`): the others are NULL in every
    /// row, so `forEachLine` leaves them empty without reading them.
    private struct LineFields {
        let title, artist, album, track, disc, discTotal, year, length, format, missing, albumArtist: Bool

        /// Whether a listing with `fields` selects `field`: with `fields`, the fields named;
        /// without, the brief ones (no album artists).
        static func selects(_ field: String, _ fields: Set<String>?) -> Bool {
            fields?.contains(field) ?? (field != "albumartist")
        }

        init(_ fields: Set<String>?) {
            (title, artist, album, track) = (Self.selects("title", fields), Self.selects("artist", fields),
                                             Self.selects("album", fields), Self.selects("track", fields))
            (disc, discTotal, year, length) = (Self.selects("disc", fields), Self.selects("disctotal", fields),
                                               Self.selects("year", fields), Self.selects("length", fields))
            (format, missing, albumArtist) = (Self.selects("format", fields), Self.selects("missing", fields),
                                              Self.selects("albumartist", fields))
        }
    }

    /// Hands each row of `statement` (selecting `lineSelectList` for `selected`) to `body` as
    /// a line whose values are those a `Track` read with `briefColumns` (and `album_artists`)
    /// holds; the columns not `selected` (NULL) are not read.
    private static func forEachLine(
        _ statement: Statement, _ selected: LineFields, _ body: (TrackLine) throws -> Void
    ) throws {
        // Arrays of slices, emptied for each row (the line handed over is gone by then).
        var artists: [UnsafeBufferPointer<UInt8>] = []
        var albumArtists: [UnsafeBufferPointer<UInt8>] = []
        let empty = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
        func number(_ reads: Bool, _ index: Int) -> Int? { reads ? statement.int64(index).map(Int.init) : nil }
        try statement.forEach { row in
            var line = TrackLine(
                id: row.int64(0) ?? 0, title: selected.title ? row.textBytes(1) : nil,
                untitledPath: !selected.title || row.isNull(11) ? nil : (row.column(11) as [UInt8]?).map(RawPath.init(bytes:)),
                artists: [], albumArtists: [], album: selected.album ? row.textBytes(3) : nil,
                trackNumber: number(selected.track, 4), discNumber: number(selected.disc, 5),
                discTotal: number(selected.discTotal, 6), year: number(selected.year, 7),
                durationMs: number(selected.length, 8) ?? 0, format: selected.format ? row.textBytes(9) ?? empty : empty,
                isMissing: selected.missing && row.int64(10) != nil)
            try withStrings(row, 2, selected.artist, in: &artists) { names in
                line.artists = names
                try withStrings(row, 12, selected.albumArtist, in: &albumArtists) { names in
                    line.albumArtists = names
                    try body(line)
                }
            }
        }
    }

    /// Calls `body` with the strings of the JSON array in column `index` (none for NULL, or
    /// when the column is not `selected`): slices of SQLite's bytes, put in `scratch`, for a
    /// plain array; otherwise decoded as a `Track`'s lists are, then lent.
    private static func withStrings(
        _ row: Statement, _ index: Int, _ selected: Bool, in scratch: inout [UnsafeBufferPointer<UInt8>],
        _ body: ([UnsafeBufferPointer<UInt8>]) throws -> Void
    ) throws {
        scratch.removeAll(keepingCapacity: true)
        guard selected else { return try body(scratch) }
        switch sqlite3_column_value(row.handle, Int32(index)).map(sqlite3_value_type) ?? SQLITE_NULL {
        case SQLITE_NULL:
            // No list (a field the listing does not read): no strings, nothing decoded.
            try body(scratch)
        case SQLITE_TEXT:
            if let listed = row.textBytes(index), JSONText.forEachPlainElement(of: listed, { scratch.append($0) }) {
                try body(scratch)
            } else {
                try lending(row.stringArray(index), body)
            }
        default: try lending(row.stringArray(index), body)
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
        // No pointer is NULL (an empty text has one); the text first, then its length: the
        // conversion to text may change the length.
        // The value fetched once and read with `sqlite3_value_*`, which take no lock (see
        // `int64(_:)`): what `sqlite3_column_text` and `sqlite3_column_bytes` read.
        guard let value = sqlite3_column_value(handle, position), let text = sqlite3_value_text(value) else { return nil }
        return UnsafeBufferPointer(start: text, count: Int(sqlite3_value_bytes(value)))
    }
}
