import LibraryCore

/// Prints the rows of `kanora list` and `kanora search` in the chosen `OutputMode`.
struct RowPrinter {
    let mode: OutputMode
    let quiet: Bool
    var console = Console.current

    func print(_ tracks: [Track]) {
        print(tracks, table: Tables.table, json: { JSONOutput.text($0.map(JSONObject.track)) },
              value: TrackFields.value, path: { $0.path.bytes })
    }

    func print(_ albums: [AlbumSummary]) {
        print(albums, table: Tables.table, json: { JSONOutput.text($0.map(JSONObject.album)) },
              value: AlbumFields.table.value, path: nil)
    }

    func print(_ artists: [ArtistSummary]) {
        print(artists, table: Tables.table, json: { JSONOutput.text($0.map(JSONObject.artist)) },
              value: ArtistFields.table.value, path: nil)
    }

    private func print<Row>(
        _ rows: [Row], table: ([Row]) -> TextTable, json: ([Row]) -> String,
        value: (String, Row) -> String?, path: ((Row) -> [UInt8])?
    ) {
        if mode == .json {
            console.out(json(rows))
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
            for line in table(rows).render(maxWidth: console.outputWidth) { console.out(line) }
        case .paths:
            // Raw bytes, so names that are not valid UTF-8 still reach `xargs` intact.
            guard let path else { return }
            for row in rows { console.out(bytes: path(row)) }
        case .template(let template):
            for row in rows { console.out(template.render { value($0, row) }) }
        }
    }
}
