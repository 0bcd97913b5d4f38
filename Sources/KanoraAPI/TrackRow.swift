import Foundation
import LibraryCore

/// A track in a listing answer (`tracks`, `search`): one JSON array of its fields in the
/// order of `fields` (nested values flattened, absent ones `null`) instead of an object.
/// Decoding 20,000 objects with dozens of keys each costs JSONDecoder twice as much as
/// decoding arrays; a single track (`GET track`) keeps `Track`'s own JSON.
public struct TrackRow: Sendable, Equatable, ParallelJSONElement {
    public var track: Track

    public init(_ track: Track) { self.track = track }

    /// Written by `TrackJSON`, not by `JSONEncoder`.
    public static func jsonArray(_ elements: ArraySlice<TrackRow>) throws -> Data {
        try TrackJSON.rows(elements)
    }

    /// The order of a row's values.
    public static let fields = columns.map(\.name)

    public func encode(to encoder: any Encoder) throws {
        var row = encoder.unkeyedContainer()
        for column in Self.columns {
            try column.encode(track, &row)
        }
    }

    public init(from decoder: any Decoder) throws {
        var row = try decoder.unkeyedContainer()
        var track = Self.placeholder
        for column in Self.columns {
            try column.decode(&track, &row)
        }
        self.track = track
    }

    /// What a decoded row starts as before its values are read.
    private static let placeholder = Track(
        id: 0, libraryID: 0, libraryName: "", path: RawPath(bytes: []), fileSize: 0, mtimeNs: 0,
        metadata: TrackMetadata(format: ""), albumID: nil, addedAt: Date(timeIntervalSince1970: 0),
        updatedAt: Date(timeIntervalSince1970: 0), missingSince: nil)

    /// A row's values in order: each one's name and how it is written and read, the one list
    /// that `fields`, `encode(to:)` and `init(from:)` come from.
    private static let columns: [Column] = [
        Column("id", { $0.id }, { $0.id = $1 }),
        Column("libraryID", { $0.libraryID }, { $0.libraryID = $1 }),
        Column("libraryName", { $0.libraryName }, { $0.libraryName = $1 }),
        Column("path", { $0.path }, { $0.path = $1 }),
        Column("fileSize", { $0.fileSize }, { $0.fileSize = $1 }),
        Column("mtimeNs", { $0.mtimeNs }, { $0.mtimeNs = $1 }),
        Column("albumID", { $0.albumID }, { $0.albumID = $1 }),
        Column("addedAt", { $0.addedAt }, { $0.addedAt = $1 }),
        Column("updatedAt", { $0.updatedAt }, { $0.updatedAt = $1 }),
        Column("missingSince", { $0.missingSince }, { $0.missingSince = $1 }),
        Column("format", { $0.metadata.audio.format }, { $0.metadata.audio.format = $1 }),
        Column("durationMs", { $0.metadata.audio.durationMs }, { $0.metadata.audio.durationMs = $1 }),
        Column("bitrate", { $0.metadata.audio.bitrate }, { $0.metadata.audio.bitrate = $1 }),
        Column("sampleRate", { $0.metadata.audio.sampleRate }, { $0.metadata.audio.sampleRate = $1 }),
        Column("channels", { $0.metadata.audio.channels }, { $0.metadata.audio.channels = $1 }),
        Column("bitDepth", { $0.metadata.audio.bitDepth }, { $0.metadata.audio.bitDepth = $1 }),
        Column("hasCoverArt", { $0.metadata.audio.hasCoverArt }, { $0.metadata.audio.hasCoverArt = $1 }),
        Column("damage", { $0.metadata.damage }, { $0.metadata.damage = $1 }),
        Column("title", { $0.metadata.title }, { $0.metadata.title = $1 }),
        Column("titleSort", { $0.metadata.titleSort }, { $0.metadata.titleSort = $1 }),
        Column("artists", { $0.metadata.artists }, { $0.metadata.artists = $1 }),
        Column("artistSort", { $0.metadata.artistSort }, { $0.metadata.artistSort = $1 }),
        Column("albumArtists", { $0.metadata.albumArtists }, { $0.metadata.albumArtists = $1 }),
        Column("albumArtistSort", { $0.metadata.albumArtistSort }, { $0.metadata.albumArtistSort = $1 }),
        Column("album", { $0.metadata.album }, { $0.metadata.album = $1 }),
        Column("albumSort", { $0.metadata.albumSort }, { $0.metadata.albumSort = $1 }),
        Column("trackNumber", { $0.metadata.trackNumber }, { $0.metadata.trackNumber = $1 }),
        Column("trackTotal", { $0.metadata.trackTotal }, { $0.metadata.trackTotal = $1 }),
        Column("discNumber", { $0.metadata.discNumber }, { $0.metadata.discNumber = $1 }),
        Column("discTotal", { $0.metadata.discTotal }, { $0.metadata.discTotal = $1 }),
        Column("date", { $0.metadata.date }, { $0.metadata.date = $1 }),
        Column("year", { $0.metadata.year }, { $0.metadata.year = $1 }),
        Column("originalDate", { $0.metadata.originalDate }, { $0.metadata.originalDate = $1 }),
        Column("originalYear", { $0.metadata.originalYear }, { $0.metadata.originalYear = $1 }),
        Column("genres", { $0.metadata.genres }, { $0.metadata.genres = $1 }),
        Column("composer", { $0.metadata.composer }, { $0.metadata.composer = $1 }),
        Column("comment", { $0.metadata.comment }, { $0.metadata.comment = $1 }),
        Column("compilation", { $0.metadata.compilation }, { $0.metadata.compilation = $1 }),
        Column("bpm", { $0.metadata.bpm }, { $0.metadata.bpm = $1 }),
        Column("musicBrainz.recordingID", { $0.metadata.musicBrainz.recordingID }, { $0.metadata.musicBrainz.recordingID = $1 }),
        Column("musicBrainz.trackID", { $0.metadata.musicBrainz.trackID }, { $0.metadata.musicBrainz.trackID = $1 }),
        Column("musicBrainz.albumID", { $0.metadata.musicBrainz.albumID }, { $0.metadata.musicBrainz.albumID = $1 }),
        Column(
            "musicBrainz.releaseGroupID", { $0.metadata.musicBrainz.releaseGroupID },
            { $0.metadata.musicBrainz.releaseGroupID = $1 }),
        Column("musicBrainz.artistID", { $0.metadata.musicBrainz.artistID }, { $0.metadata.musicBrainz.artistID = $1 }),
        Column(
            "musicBrainz.albumArtistID", { $0.metadata.musicBrainz.albumArtistID },
            { $0.metadata.musicBrainz.albumArtistID = $1 }),
        Column("replayGain.trackGain", { $0.metadata.replayGain.trackGain }, { $0.metadata.replayGain.trackGain = $1 }),
        Column("replayGain.trackPeak", { $0.metadata.replayGain.trackPeak }, { $0.metadata.replayGain.trackPeak = $1 }),
        Column("replayGain.albumGain", { $0.metadata.replayGain.albumGain }, { $0.metadata.replayGain.albumGain = $1 }),
        Column("replayGain.albumPeak", { $0.metadata.replayGain.albumPeak }, { $0.metadata.replayGain.albumPeak = $1 }),
        Column("otherTags", { $0.metadata.otherTags }, { $0.metadata.otherTags = $1 }),
    ]

    /// One value of a row: its name, and how it is written from a track and read into one.
    ///
    /// The overloads differ only in the types they name: for `Int64`, `Int`, `String` and
    /// `Bool`, and for reading optional `Int64`, `Int`, `String` and `Double`, the JSON
    /// containers have methods of their own, several times cheaper than their generic ones
    /// (a 100,000-track listing spends about 0.35 s more through the generic ones).
    private struct Column: Sendable {
        let name: String
        let encode: @Sendable (Track, inout UnkeyedEncodingContainer) throws -> Void
        let decode: @Sendable (inout Track, inout UnkeyedDecodingContainer) throws -> Void

        private init(
            _ name: String, encode: @escaping @Sendable (Track, inout UnkeyedEncodingContainer) throws -> Void,
            decode: @escaping @Sendable (inout Track, inout UnkeyedDecodingContainer) throws -> Void
        ) {
            self.name = name
            self.encode = encode
            self.decode = decode
        }

        init<Value: Codable & Sendable>(
            _ name: String, _ get: @escaping @Sendable (Track) -> Value, _ set: @escaping @Sendable (inout Track, Value) -> Void
        ) {
            self.init(name, encode: { try $1.encode(get($0)) }, decode: { set(&$0, try $1.decode(Value.self)) })
        }

        /// An optional value: `null` when absent.
        init<Value: Codable & Sendable>(
            _ name: String, _ get: @escaping @Sendable (Track) -> Value?, _ set: @escaping @Sendable (inout Track, Value?) -> Void
        ) {
            self.init(name, encode: { try $1.encode(get($0)) }, decode: { set(&$0, try $1.decodeIfPresent(Value.self)) })
        }

        init(_ name: String, _ get: @escaping @Sendable (Track) -> Int64, _ set: @escaping @Sendable (inout Track, Int64) -> Void) {
            self.init(name, encode: { try $1.encode(get($0)) }, decode: { set(&$0, try $1.decode(Int64.self)) })
        }

        init(_ name: String, _ get: @escaping @Sendable (Track) -> Int, _ set: @escaping @Sendable (inout Track, Int) -> Void) {
            self.init(name, encode: { try $1.encode(get($0)) }, decode: { set(&$0, try $1.decode(Int.self)) })
        }

        init(_ name: String, _ get: @escaping @Sendable (Track) -> String, _ set: @escaping @Sendable (inout Track, String) -> Void) {
            self.init(name, encode: { try $1.encode(get($0)) }, decode: { set(&$0, try $1.decode(String.self)) })
        }

        init(_ name: String, _ get: @escaping @Sendable (Track) -> Bool, _ set: @escaping @Sendable (inout Track, Bool) -> Void) {
            self.init(name, encode: { try $1.encode(get($0)) }, decode: { set(&$0, try $1.decode(Bool.self)) })
        }

        init(_ name: String, _ get: @escaping @Sendable (Track) -> Int64?, _ set: @escaping @Sendable (inout Track, Int64?) -> Void) {
            self.init(name, encode: { try $1.encode(get($0)) }, decode: { set(&$0, try $1.decodeIfPresent(Int64.self)) })
        }

        init(_ name: String, _ get: @escaping @Sendable (Track) -> Int?, _ set: @escaping @Sendable (inout Track, Int?) -> Void) {
            self.init(name, encode: { try $1.encode(get($0)) }, decode: { set(&$0, try $1.decodeIfPresent(Int.self)) })
        }

        init(_ name: String, _ get: @escaping @Sendable (Track) -> String?, _ set: @escaping @Sendable (inout Track, String?) -> Void) {
            self.init(name, encode: { try $1.encode(get($0)) }, decode: { set(&$0, try $1.decodeIfPresent(String.self)) })
        }

        init(_ name: String, _ get: @escaping @Sendable (Track) -> Double?, _ set: @escaping @Sendable (inout Track, Double?) -> Void) {
            self.init(name, encode: { try $1.encode(get($0)) }, decode: { set(&$0, try $1.decodeIfPresent(Double.self)) })
        }
    }
}
