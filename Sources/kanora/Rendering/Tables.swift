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

    /// Adds a track's row of `trackColumns` to `table`.
    static func appendCells(_ track: Track, to table: inout TableCells) {
        TrackLine.lending(track) { appendCells($0, to: &table) }
    }

    /// Adds a track's row of `trackColumns` to `table`, written straight from the line's bytes.
    static func appendCells(_ line: TrackLine, to table: inout TableCells) {
        table.append(Int(line.id))
        for (index, artist) in line.artists.enumerated() {
            if index > 0 { table.appendBytes(", ".utf8) }
            table.appendBytes(artist)
        }
        table.endCell()
        if let album = line.album { table.appendBytes(album) }
        table.endCell()
        let disc = (line.discTotal ?? 0) > 1 ? line.discNumber : nil
        switch (disc, line.trackNumber) {
        case let (disc?, track?):
            table.appendBytes { Formatting.appendDecimal(disc, to: &$0) }
            table.appendBytes(CollectionOfOne(UInt8(ascii: "-")))
            table.appendBytes { Formatting.appendDecimal(track, to: &$0) }
            table.endASCIICell()
        case let (disc?, nil): table.append(disc)
        case let (nil, track?): table.append(track)
        case (nil, nil): table.append("")
        }
        if let title = line.title { table.appendBytes(title) } else { table.appendBytes((line.untitledPath?.stem ?? "").utf8) }
        if line.isMissing { table.appendBytes(" (missing)".utf8) }
        table.endCell()
        if let year = line.year { table.append(year) } else { table.append("") }
        table.appendBytes { Formatting.duration(milliseconds: Int64(line.durationMs), into: &$0) }
        table.endASCIICell()
        table.appendBytes(line.format)
        table.endCell()
    }

    /// Adds an album's row of `albumColumns` to `table`: the cells of `cells(_:)`, numbers
    /// written straight as digits.
    static func appendCells(_ album: AlbumSummary, to table: inout TableCells) {
        table.append(Int(album.id))
        table.append(album.albumArtist)
        table.append(album.title)
        if let year = album.year { table.append(year) } else { table.append("") }
        table.append(album.trackCount)
        table.appendBytes { Formatting.duration(milliseconds: album.durationMs, into: &$0) }
        table.endASCIICell()
    }

    /// Adds an artist's row of `artistColumns` to `table`: the cells of `cells(_:)`, numbers
    /// written straight as digits.
    static func appendCells(_ artist: ArtistSummary, to table: inout TableCells) {
        table.append(Int(artist.id))
        table.append(artist.name)
        table.append(artist.albumCount)
        table.append(artist.trackCount)
        table.appendBytes { Formatting.duration(milliseconds: artist.durationMs, into: &$0) }
        table.endASCIICell()
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
