import Foundation
import LibraryCore
import LibraryServices

/// The `--json` contract: stable camelCase keys, absent values as null.
enum JSONOutput {
    /// Pretty, key-sorted JSON text for any encodable value.
    static func text<T: Encodable>(_ value: T) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data = (try? encoder.encode(value)) ?? Data("null".utf8)
        return String(decoding: data, as: UTF8.self)
    }
}

/// One track in `kanora list tracks --json`.
struct TrackJSON: Encodable {
    let track: Track

    enum Keys: String, CodingKey {
        case id, path, library, title, artist, artists, album, albumArtist, albumArtists
        case trackNumber, trackTotal, discNumber, discTotal, year, date, genres, composer
        case compilation, durationMs, bitrate, sampleRate, channels, format, fileSize
        case hasCoverArt, missing, damaged
    }

    func encode(to encoder: any Encoder) throws {
        let m = track.metadata
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(track.id, forKey: .id)
        try c.encode(track.path.text, forKey: .path)
        try c.encode(track.libraryName, forKey: .library)
        try c.encode(track.title, forKey: .title)
        try c.encode(track.artist, forKey: .artist)
        try c.encode(m.artists, forKey: .artists)
        try c.encode(m.album, forKey: .album)
        try c.encode(track.albumArtist, forKey: .albumArtist)
        try c.encode(m.albumArtists, forKey: .albumArtists)
        try c.encode(m.trackNumber, forKey: .trackNumber)
        try c.encode(m.trackTotal, forKey: .trackTotal)
        try c.encode(m.discNumber, forKey: .discNumber)
        try c.encode(m.discTotal, forKey: .discTotal)
        try c.encode(m.year, forKey: .year)
        try c.encode(m.date, forKey: .date)
        try c.encode(m.genres, forKey: .genres)
        try c.encode(m.composer, forKey: .composer)
        try c.encode(m.compilation, forKey: .compilation)
        try c.encode(m.durationMs, forKey: .durationMs)
        try c.encode(m.bitrate, forKey: .bitrate)
        try c.encode(m.sampleRate, forKey: .sampleRate)
        try c.encode(m.channels, forKey: .channels)
        try c.encode(m.format, forKey: .format)
        try c.encode(track.fileSize, forKey: .fileSize)
        try c.encode(m.hasCoverArt, forKey: .hasCoverArt)
        try c.encode(track.isMissing, forKey: .missing)
        try c.encode(m.damage, forKey: .damaged)
    }
}

/// One album in `kanora list albums --json`.
struct AlbumJSON: Encodable {
    let album: AlbumSummary

    enum Keys: String, CodingKey { case id, album, albumArtist, year, trackCount, durationMs, compilation }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(album.id, forKey: .id)
        try c.encode(album.title, forKey: .album)
        try c.encode(album.albumArtist, forKey: .albumArtist)
        try c.encode(album.year, forKey: .year)
        try c.encode(album.trackCount, forKey: .trackCount)
        try c.encode(album.durationMs, forKey: .durationMs)
        try c.encode(album.compilation, forKey: .compilation)
    }
}

/// One artist in `kanora list artists --json`.
struct ArtistJSON: Encodable {
    let artist: ArtistSummary

    enum Keys: String, CodingKey { case id, name, albumCount, trackCount, durationMs }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(artist.id, forKey: .id)
        try c.encode(artist.name, forKey: .name)
        try c.encode(artist.albumCount, forKey: .albumCount)
        try c.encode(artist.trackCount, forKey: .trackCount)
        try c.encode(artist.durationMs, forKey: .durationMs)
    }
}

/// The object `kanora scan --json` prints.
struct ScanJSON: Encodable {
    let summary: ScanSummary

    enum Keys: String, CodingKey { case library, root, added, updated, unchanged, moved, upgraded, upgrades, missing, failed, failures, seconds }
    enum UpgradeKeys: String, CodingKey { case id, from, to }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(summary.library.name, forKey: .library)
        try c.encode(summary.library.root.text, forKey: .root)
        try c.encode(summary.added, forKey: .added)
        try c.encode(summary.updated, forKey: .updated)
        try c.encode(summary.unchanged, forKey: .unchanged)
        try c.encode(summary.moved, forKey: .moved)
        try c.encode(summary.upgraded, forKey: .upgraded)
        var upgrades = c.nestedUnkeyedContainer(forKey: .upgrades)
        for upgrade in summary.upgrades {
            var u = upgrades.nestedContainer(keyedBy: UpgradeKeys.self)
            try u.encode(upgrade.id, forKey: .id)
            try u.encode(upgrade.from, forKey: .from)
            try u.encode(upgrade.to, forKey: .to)
        }
        try c.encode(summary.missing, forKey: .missing)
        try c.encode(summary.failed, forKey: .failed)
        try c.encode(summary.failures, forKey: .failures)
        try c.encode((summary.elapsed * 1000).rounded() / 1000, forKey: .seconds)
    }
}
