import Foundation
import LibraryCore

/// A track in a listing answer (`tracks`, `search`): one JSON array of its fields in the
/// order of `fields` (nested values flattened, absent ones `null`) instead of an object.
/// Decoding 20,000 objects with dozens of keys each costs JSONDecoder twice as much as
/// decoding arrays; a single track (`GET track`) keeps `Track`'s own JSON.
public struct TrackRow: Sendable, Equatable, ParallelJSONElement {
    public var track: Track

    public init(_ track: Track) { self.track = track }

    /// The order of a row's values.
    public static let fields = [
        "id", "libraryID", "libraryName", "path", "fileSize", "mtimeNs", "albumID", "addedAt", "updatedAt", "missingSince",
        "format", "durationMs", "bitrate", "sampleRate", "channels", "bitDepth", "hasCoverArt", "damage",
        "title", "titleSort", "artists", "artistSort", "albumArtists", "albumArtistSort", "album", "albumSort",
        "trackNumber", "trackTotal", "discNumber", "discTotal", "date", "year", "originalDate", "originalYear",
        "genres", "composer", "comment", "compilation", "bpm",
        "musicBrainz.recordingID", "musicBrainz.trackID", "musicBrainz.albumID", "musicBrainz.releaseGroupID",
        "musicBrainz.artistID", "musicBrainz.albumArtistID",
        "replayGain.trackGain", "replayGain.trackPeak", "replayGain.albumGain", "replayGain.albumPeak", "otherTags",
    ]

    public func encode(to encoder: any Encoder) throws {
        var row = encoder.unkeyedContainer()
        let t = track, m = track.metadata
        try row.encode(t.id); try row.encode(t.libraryID); try row.encode(t.libraryName); try row.encode(t.path)
        try row.encode(t.fileSize); try row.encode(t.mtimeNs); try row.encode(t.albumID); try row.encode(t.addedAt)
        try row.encode(t.updatedAt); try row.encode(t.missingSince)
        try row.encode(m.format); try row.encode(m.durationMs); try row.encode(m.bitrate); try row.encode(m.sampleRate)
        try row.encode(m.channels); try row.encode(m.bitDepth); try row.encode(m.hasCoverArt); try row.encode(m.damage)
        try row.encode(m.title); try row.encode(m.titleSort); try row.encode(m.artists); try row.encode(m.artistSort)
        try row.encode(m.albumArtists); try row.encode(m.albumArtistSort); try row.encode(m.album); try row.encode(m.albumSort)
        try row.encode(m.trackNumber); try row.encode(m.trackTotal); try row.encode(m.discNumber); try row.encode(m.discTotal)
        try row.encode(m.date); try row.encode(m.year); try row.encode(m.originalDate); try row.encode(m.originalYear)
        try row.encode(m.genres); try row.encode(m.composer); try row.encode(m.comment); try row.encode(m.compilation)
        try row.encode(m.bpm)
        let ids = m.musicBrainz
        try row.encode(ids.recordingID); try row.encode(ids.trackID); try row.encode(ids.albumID)
        try row.encode(ids.releaseGroupID); try row.encode(ids.artistID); try row.encode(ids.albumArtistID)
        let gain = m.replayGain
        try row.encode(gain.trackGain); try row.encode(gain.trackPeak); try row.encode(gain.albumGain); try row.encode(gain.albumPeak)
        try row.encode(m.otherTags)
    }

    public init(from decoder: any Decoder) throws {
        var row = try decoder.unkeyedContainer()
        let id = try row.decode(Int64.self), libraryID = try row.decode(Int64.self), libraryName = try row.decode(String.self)
        let path = try row.decode(RawPath.self), fileSize = try row.decode(Int64.self), mtimeNs = try row.decode(Int64.self)
        let albumID = try row.decodeIfPresent(Int64.self), addedAt = try row.decode(Date.self)
        let updatedAt = try row.decode(Date.self), missingSince = try row.decodeIfPresent(Date.self)
        var m = TrackMetadata(format: try row.decode(String.self), durationMs: try row.decode(Int.self))
        m.bitrate = try row.decodeIfPresent(Int.self); m.sampleRate = try row.decodeIfPresent(Int.self)
        m.channels = try row.decodeIfPresent(Int.self); m.bitDepth = try row.decodeIfPresent(Int.self)
        m.hasCoverArt = try row.decode(Bool.self); m.damage = try row.decodeIfPresent(String.self)
        m.title = try row.decodeIfPresent(String.self); m.titleSort = try row.decodeIfPresent(String.self)
        m.artists = try row.decode([String].self); m.artistSort = try row.decodeIfPresent(String.self)
        m.albumArtists = try row.decode([String].self); m.albumArtistSort = try row.decodeIfPresent(String.self)
        m.album = try row.decodeIfPresent(String.self); m.albumSort = try row.decodeIfPresent(String.self)
        m.trackNumber = try row.decodeIfPresent(Int.self); m.trackTotal = try row.decodeIfPresent(Int.self)
        m.discNumber = try row.decodeIfPresent(Int.self); m.discTotal = try row.decodeIfPresent(Int.self)
        m.date = try row.decodeIfPresent(String.self); m.year = try row.decodeIfPresent(Int.self)
        m.originalDate = try row.decodeIfPresent(String.self); m.originalYear = try row.decodeIfPresent(Int.self)
        m.genres = try row.decode([String].self); m.composer = try row.decodeIfPresent(String.self)
        m.comment = try row.decodeIfPresent(String.self); m.compilation = try row.decode(Bool.self)
        m.bpm = try row.decodeIfPresent(Double.self)
        m.musicBrainz = MusicBrainzIDs(
            recordingID: try row.decodeIfPresent(String.self), trackID: try row.decodeIfPresent(String.self),
            albumID: try row.decodeIfPresent(String.self), releaseGroupID: try row.decodeIfPresent(String.self),
            artistID: try row.decodeIfPresent(String.self), albumArtistID: try row.decodeIfPresent(String.self))
        m.replayGain = ReplayGain(
            trackGain: try row.decodeIfPresent(Double.self), trackPeak: try row.decodeIfPresent(Double.self),
            albumGain: try row.decodeIfPresent(Double.self), albumPeak: try row.decodeIfPresent(Double.self))
        m.otherTags = try row.decode([String: [String]].self)
        track = Track(
            id: id, libraryID: libraryID, libraryName: libraryName, path: path, fileSize: fileSize, mtimeNs: mtimeNs,
            metadata: m, albumID: albumID, addedAt: addedAt, updatedAt: updatedAt, missingSince: missingSince)
    }
}
