import Foundation
import LibraryCore
import LibraryServices

/// What every layer should read from each fixture (Tests/Fixtures/expected.json).
public struct ExpectedFixtures: Decodable, Sendable {
    /// How far a reported duration may be from `durationMs` (encoders pad MP3 and AAC).
    public let durationToleranceMs: Int
    /// Readable fixtures by file name.
    public let files: [String: ExpectedTrack]
    /// Broken fixtures by file name, with the error kind a reader must report.
    public let errors: [String: TagReadError.Kind]

    /// Every fixture's file name, good and broken, sorted.
    public var names: [String] { (Array(files.keys) + Array(errors.keys)).sorted() }
}

/// The `TrackMetadata` fields a fixture sets, under `TrackMetadata`'s property names.
///
/// Tag fields absent from the JSON must be unset (nil, empty, false) in what a layer reads;
/// absent `sampleRate`, `channels`, `bitDepth` and `otherTags` are not checked.
public struct ExpectedTrack: Decodable, Sendable {
    public let format: String
    public let durationMs: Int
    public let sampleRate: Int?
    public let channels: Int?
    public let bitDepth: Int?
    public let hasCoverArt: Bool
    public let title: String?
    public let titleSort: String?
    public let artists: [String]?
    public let artistSort: String?
    public let albumArtists: [String]?
    public let albumArtistSort: String?
    public let album: String?
    public let albumSort: String?
    public let trackNumber: Int?
    public let trackTotal: Int?
    public let discNumber: Int?
    public let discTotal: Int?
    public let date: String?
    public let year: Int?
    public let originalDate: String?
    public let originalYear: Int?
    public let genres: [String]?
    public let composer: String?
    public let comment: String?
    public let compilation: Bool
    public let bpm: Double?
    public let musicBrainz: MusicBrainzIDs?
    public let replayGain: ReplayGain?
    public let otherTags: [String: [String]]?
    /// What the reader found wrong in a file it read anyway ("last frame cut short"); absent
    /// for a whole file.
    public let damage: String?

    /// Human-readable differences between this expectation and `metadata` (empty when equal).
    public func mismatches(in metadata: TrackMetadata, durationToleranceMs: Int) -> [String] {
        var problems: [String] = []
        func check<T: Equatable>(_ name: String, _ expected: T, _ actual: T) {
            if expected != actual { problems.append("\(name): expected \(expected), got \(actual)") }
        }
        check("format", format, metadata.audio.format)
        if abs(durationMs - metadata.audio.durationMs) > durationToleranceMs {
            problems.append("durationMs: expected about \(durationMs), got \(metadata.audio.durationMs)")
        }
        if let sampleRate { check("sampleRate", sampleRate, metadata.audio.sampleRate) }
        if let channels { check("channels", channels, metadata.audio.channels) }
        if let bitDepth { check("bitDepth", bitDepth, metadata.audio.bitDepth) }
        check("hasCoverArt", hasCoverArt, metadata.audio.hasCoverArt)
        check("compilation", compilation, metadata.compilation)
        check("title", title, metadata.title)
        check("titleSort", titleSort, metadata.titleSort)
        check("artists", artists ?? [], metadata.artists)
        check("artistSort", artistSort, metadata.artistSort)
        check("albumArtists", albumArtists ?? [], metadata.albumArtists)
        check("albumArtistSort", albumArtistSort, metadata.albumArtistSort)
        check("album", album, metadata.album)
        check("albumSort", albumSort, metadata.albumSort)
        check("trackNumber", trackNumber, metadata.trackNumber)
        check("trackTotal", trackTotal, metadata.trackTotal)
        check("discNumber", discNumber, metadata.discNumber)
        check("discTotal", discTotal, metadata.discTotal)
        check("date", date, metadata.date)
        check("year", year, metadata.year)
        check("originalDate", originalDate, metadata.originalDate)
        check("originalYear", originalYear, metadata.originalYear)
        check("genres", genres ?? [], metadata.genres)
        check("composer", composer, metadata.composer)
        check("comment", comment, metadata.comment)
        check("bpm", bpm, metadata.bpm)
        check("musicBrainz", musicBrainz ?? MusicBrainzIDs(), metadata.musicBrainz)
        check("replayGain", replayGain ?? ReplayGain(), metadata.replayGain)
        if let otherTags { check("otherTags", otherTags, metadata.otherTags) }
        check("damage", damage, metadata.damage)
        return problems
    }
}
