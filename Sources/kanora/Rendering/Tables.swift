import LibraryCore
import LibraryViewModels

/// The default table layouts of `kanora list`: each kind of row's columns and its cells.
enum Tables {
    static let trackColumns: [TextTable.Column] = [
        .init(title: "ID", rightAligned: true), .init(title: "ARTIST", flexible: true),
        .init(title: "ALBUM", flexible: true), .init(title: "#", rightAligned: true),
        .init(title: "TITLE", flexible: true), .init(title: "YEAR"),
        .init(title: "LENGTH", rightAligned: true), .init(title: "FORMAT"),
    ]

    static let albumColumns: [TextTable.Column] = [
        .init(title: "ID", rightAligned: true), .init(title: "ALBUM ARTIST", flexible: true),
        .init(title: "ALBUM", flexible: true), .init(title: "YEAR"),
        .init(title: "TRACKS", rightAligned: true), .init(title: "LENGTH", rightAligned: true),
    ]

    static let artistColumns: [TextTable.Column] = [
        .init(title: "ID", rightAligned: true), .init(title: "ARTIST", flexible: true),
        .init(title: "ALBUMS", rightAligned: true), .init(title: "TRACKS", rightAligned: true),
        .init(title: "LENGTH", rightAligned: true),
    ]

    static func table(_ albums: [AlbumSummary]) -> TextTable {
        TextTable(columns: albumColumns, rows: albums.map(cells))
    }

    static func table(_ artists: [ArtistSummary]) -> TextTable {
        TextTable(columns: artistColumns, rows: artists.map(cells))
    }

    /// Adds a track's row of `trackColumns` to `table`, written straight as bytes.
    static func appendCells(_ track: Track, to table: inout TableCells) {
        let m = track.metadata
        table.append(Int(track.id))
        for (index, artist) in m.artists.enumerated() {
            if index > 0 { table.appendBytes(", ".utf8) }
            table.appendBytes(artist.utf8)
        }
        table.endCell()
        table.append(m.album ?? "")
        let disc = (m.discTotal ?? 0) > 1 ? m.discNumber : nil
        switch (disc, m.trackNumber) {
        case let (disc?, track?):
            table.appendBytes { Formatting.appendDecimal(disc, to: &$0) }
            table.appendBytes(CollectionOfOne(UInt8(ascii: "-")))
            table.appendBytes { Formatting.appendDecimal(track, to: &$0) }
            table.endCell()
        case let (disc?, nil): table.append(disc)
        case let (nil, track?): table.append(track)
        case (nil, nil): table.append("")
        }
        table.appendBytes((m.title ?? track.path.stem).utf8)
        if track.isMissing { table.appendBytes(" (missing)".utf8) }
        table.endCell()
        if let year = m.year { table.append(year) } else { table.append("") }
        table.appendBytes { Formatting.duration(milliseconds: Int64(m.audio.durationMs), into: &$0) }
        table.endCell()
        table.append(m.audio.format)
    }

    /// Adds the `cells` of a row to `table`.
    static func append(_ cells: [String], to table: inout TableCells) {
        for cell in cells { table.append(cell) }
    }

    /// An album's row of `albumColumns`.
    static func cells(_ album: AlbumSummary) -> [String] {
        [String(album.id), album.albumArtist, album.title, album.year.map(String.init) ?? "", String(album.trackCount),
         Formatting.duration(milliseconds: album.durationMs)]
    }

    /// An artist's row of `artistColumns`.
    static func cells(_ artist: ArtistSummary) -> [String] {
        [String(artist.id), artist.name, String(artist.albumCount), String(artist.trackCount),
         Formatting.duration(milliseconds: artist.durationMs)]
    }
}
