import LibraryCore
import LibraryViewModels

/// The default table layouts of `kanora list`.
enum Tables {
    static func table(_ tracks: [Track]) -> TextTable {
        var table = TextTable(columns: [
            .init(title: "ID", rightAligned: true), .init(title: "ARTIST", flexible: true),
            .init(title: "ALBUM", flexible: true), .init(title: "#", rightAligned: true),
            .init(title: "TITLE", flexible: true), .init(title: "YEAR"),
            .init(title: "LENGTH", rightAligned: true), .init(title: "FORMAT"),
        ])
        table.rows = tracks.map { track in
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
        return table
    }

    static func table(_ albums: [AlbumSummary]) -> TextTable {
        var table = TextTable(columns: [
            .init(title: "ID", rightAligned: true), .init(title: "ALBUM ARTIST", flexible: true),
            .init(title: "ALBUM", flexible: true), .init(title: "YEAR"),
            .init(title: "TRACKS", rightAligned: true), .init(title: "LENGTH", rightAligned: true),
        ])
        table.rows = albums.map {
            [String($0.id), $0.albumArtist, $0.title, $0.year.map(String.init) ?? "", String($0.trackCount),
             Formatting.duration(milliseconds: $0.durationMs)]
        }
        return table
    }

    static func table(_ artists: [ArtistSummary]) -> TextTable {
        var table = TextTable(columns: [
            .init(title: "ID", rightAligned: true), .init(title: "ARTIST", flexible: true),
            .init(title: "ALBUMS", rightAligned: true), .init(title: "TRACKS", rightAligned: true),
            .init(title: "LENGTH", rightAligned: true),
        ])
        table.rows = artists.map {
            [String($0.id), $0.name, String($0.albumCount), String($0.trackCount), Formatting.duration(milliseconds: $0.durationMs)]
        }
        return table
    }
}
