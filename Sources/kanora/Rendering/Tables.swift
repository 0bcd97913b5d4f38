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

    static func table(_ tracks: [Track]) -> TextTable {
        TextTable(columns: trackColumns, rows: tracks.map(cells))
    }

    static func table(_ albums: [AlbumSummary]) -> TextTable {
        TextTable(columns: albumColumns, rows: albums.map(cells))
    }

    static func table(_ artists: [ArtistSummary]) -> TextTable {
        TextTable(columns: artistColumns, rows: artists.map(cells))
    }

    /// A track's row of `trackColumns`.
    static func cells(_ track: Track) -> [String] {
        let m = track.metadata
        let disc = (m.discTotal ?? 0) > 1 ? m.discNumber : nil
        let number = switch (disc, m.trackNumber) {
        case let (disc?, track?): "\(disc)-\(track)"
        case let (disc?, nil): String(disc)
        case let (nil, track?): String(track)
        case (nil, nil): ""
        }
        return [
            String(track.id), track.artist ?? "", m.album ?? "", number,
            track.title + (track.isMissing ? " (missing)" : ""), m.year.map(String.init) ?? "",
            Formatting.duration(milliseconds: Int64(m.audio.durationMs)), m.audio.format,
        ]
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
