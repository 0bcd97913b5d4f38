import LibraryCore

/// Prints the rows of `kanora list` and `kanora search` in the chosen `OutputMode`,
/// gathering the output into large writes.
struct RowPrinter {
    let mode: OutputMode
    let quiet: Bool
    var console = Console.current

    func print(_ tracks: [Track]) {
        print(tracks, into: trackWriter())
    }

    func print(_ albums: [AlbumSummary]) {
        print(albums, into: RowWriter(
            self, columns: Tables.albumColumns, cells: Tables.appendCells, json: JSONRows.album,
            renderer: { $0.renderer(AlbumFields.table.reader) }, path: nil))
    }

    func print(_ artists: [ArtistSummary]) {
        print(artists, into: RowWriter(
            self, columns: Tables.artistColumns, cells: Tables.appendCells, json: JSONRows.artist,
            renderer: { $0.renderer(ArtistFields.table.reader) }, path: nil))
    }

    /// A writer of tracks one at a time (`RowStream` hands it the tracks of a streamed listing).
    func trackWriter() -> RowWriter<Track> {
        RowWriter(
            self, columns: Tables.trackColumns, cells: Tables.appendCells, json: JSONRows.track,
            renderer: { template in
                let resolved = TrackTemplate(template)
                return { resolved.append($0, to: &$1) }
            }, path: { $0.path.bytes })
    }

    /// Prints `cells` (this printer's mode must be `.table`), or says "nothing matches" on the
    /// error stream when it holds no row.
    func print(table cells: TableCells) {
        precondition(mode == .table, "cells are printed as a table")
        guard cells.rowCount > 0 else {
            if !quiet { console.err("kanora: nothing matches") }
            return
        }
        var out = OutputBuffer(console: console)
        cells.write(maxWidth: console.outputWidth, to: &out)
        out.flush()
    }

    private func print<Row>(_ rows: [Row], into writer: RowWriter<Row>) {
        var writer = writer
        for row in rows { writer.write(row) }
        writer.finish()
    }
}

/// Writes rows one at a time in a `RowPrinter`'s mode, as they come: `--json`, paths and
/// templates at once; a table keeps only its rows' cells (as bytes, see `TableCells`), to
/// size its columns before the first line. Call `finish()` after the last row.
struct RowWriter<Row> {
    private let mode: OutputMode
    private let quiet: Bool
    private let console: Console
    private var out: OutputBuffer
    private var count = 0
    private let cells: (Row, inout TableCells) -> Void
    private var table: TableCells
    private var json: PrettyJSON.Writer<Row>
    private let render: ((Row, inout [UInt8]) -> Void)?
    private let path: ((Row) -> [UInt8])?

    init(
        _ printer: RowPrinter, columns: [TextTable.Column], cells: @escaping (Row, inout TableCells) -> Void,
        json: JSONRowLayout<Row>, renderer: (Template) -> (Row, inout [UInt8]) -> Void, path: ((Row) -> [UInt8])?
    ) {
        mode = printer.mode
        quiet = printer.quiet
        console = printer.console
        out = OutputBuffer(console: printer.console)
        self.cells = cells
        table = TableCells(columns: columns)
        self.json = PrettyJSON.Writer(json)
        if case .template(let template) = printer.mode { render = renderer(template) } else { render = nil }
        self.path = path
        if mode == .json { self.json.begin(&out) }
    }

    /// Writes (or, for a table, keeps) the next row.
    mutating func write(_ row: Row) {
        count += 1
        switch mode {
        case .json:
            json.write(row, to: &out)
        case .table:
            cells(row, &table)
        case .paths:
            // Raw bytes, so names that are not valid UTF-8 still reach `xargs` intact.
            guard let path else { return }
            out.append(bytes: path(row))
            out.endLine()
        case .template:
            guard let render else { return }
            out.append { render(row, &$0) }
            out.endLine()
        }
    }

    /// Ends the output (the table, or the JSON array) and writes what is left; says
    /// "nothing matches" on the error stream when no row came (but for `--json`'s `[]`).
    mutating func finish() {
        defer { out.flush() }
        if mode == .json {
            json.end(&out)
            return
        }
        guard count > 0 else {
            if !quiet { console.err("kanora: nothing matches") }
            return
        }
        if mode == .table {
            table.write(maxWidth: console.outputWidth, to: &out)
            table = TableCells(columns: table.columns)
        }
    }
}
