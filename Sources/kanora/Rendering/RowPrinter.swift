import LibraryCore

/// Prints the rows of `kanora list` and `kanora search` in the chosen `OutputMode`,
/// gathering the output into large writes.
struct RowPrinter {
    let mode: OutputMode
    let quiet: Bool
    var console = Console.current

    func print(_ tracks: [Track]) {
        print(tracks, table: Tables.table, json: JSONRows.track, reader: TrackFields.reader, path: { $0.path.bytes })
    }

    func print(_ albums: [AlbumSummary]) {
        print(albums, table: Tables.table, json: JSONRows.album, reader: AlbumFields.table.reader, path: nil)
    }

    func print(_ artists: [ArtistSummary]) {
        print(artists, table: Tables.table, json: JSONRows.artist, reader: ArtistFields.table.reader, path: nil)
    }

    private func print<Row>(
        _ rows: [Row], table: ([Row]) -> TextTable, json: JSONRowLayout<Row>,
        reader: (String) -> @Sendable (Row) -> String?, path: ((Row) -> [UInt8])?
    ) {
        var out = OutputBuffer(console: console)
        defer { out.flush() }
        if mode == .json {
            PrettyJSON.write(rows, json, to: &out)
            return
        }
        guard !rows.isEmpty else {
            if !quiet { console.err("kanora: nothing matches") }
            return
        }
        switch mode {
        case .json:
            break
        case .table:
            table(rows).write(maxWidth: console.outputWidth, to: &out)
        case .paths:
            // Raw bytes, so names that are not valid UTF-8 still reach `xargs` intact.
            guard let path else { return }
            for row in rows {
                out.append(bytes: path(row))
                out.endLine()
            }
        case .template(let template):
            let render = template.renderer(reader)
            for row in rows {
                out.append { render(row, &$0) }
                out.endLine()
            }
        }
    }
}
