import Foundation
import LibraryCore

/// Tracks written straight into JSON bytes, holding the same values `API.encoder` writes for
/// a `Track` (its `Codable` form) or a `TrackRow`: a 5,000-entry playlist spent three
/// quarters of its answer's time in `JSONEncoder`'s keyed containers.
///
/// Strings are escaped as `JSONEncoder` escapes them (`/` included); doubles are written as
/// it writes them (`description`, without a trailing `.0`). Object keys come in declaration
/// order and `otherTags` sorted by key (`JSONEncoder`'s order is its dictionary's).
struct TrackJSON {
    var bytes: [UInt8] = []

    init(capacity: Int) {
        bytes.reserveCapacity(capacity)
    }

    /// `entries` as a JSON array of `{"position": ..., "track": {...}}` objects.
    static func entries(_ entries: ArraySlice<PlaylistEntry>) throws -> Data {
        var json = TrackJSON(capacity: entries.count * 1_200 + 2)
        json.raw("[")
        for (index, entry) in entries.enumerated() {
            if index > 0 { json.raw(",") }
            json.raw("{\"position\":")
            json.integer(Int64(entry.position))
            json.raw(",\"track\":")
            try json.track(entry.track)
            json.raw("}")
        }
        json.raw("]")
        return Data(json.bytes)
    }

    /// `rows` as a JSON array of `TrackRow` arrays.
    static func rows(_ rows: ArraySlice<TrackRow>) throws -> Data {
        var json = TrackJSON(capacity: rows.count * 1_000 + 2)
        json.raw("[")
        for (index, row) in rows.enumerated() {
            if index > 0 { json.raw(",") }
            try json.row(row.track)
        }
        json.raw("]")
        return Data(json.bytes)
    }

    /// A track as its `Codable` object: absent optionals left out.
    mutating func track(_ track: Track) throws {
        raw("{\"id\":"); integer(track.id)
        raw(",\"libraryID\":"); integer(track.libraryID)
        raw(",\"libraryName\":"); string(track.libraryName)
        raw(",\"path\":"); path(track.path)
        raw(",\"fileSize\":"); integer(track.fileSize)
        raw(",\"mtimeNs\":"); integer(track.mtimeNs)
        raw(",\"metadata\":"); try metadata(track.metadata)
        if let albumID = track.albumID { raw(",\"albumID\":"); integer(albumID) }
        raw(",\"addedAt\":"); date(track.addedAt)
        raw(",\"updatedAt\":"); date(track.updatedAt)
        if let missingSince = track.missingSince { raw(",\"missingSince\":"); date(missingSince) }
        raw("}")
    }

    /// A track's metadata: the audio fields first, then the tags (`TrackMetadata+Codable`).
    private mutating func metadata(_ m: TrackMetadata) throws {
        let audio = m.audio
        raw("{\"format\":"); string(audio.format)
        raw(",\"durationMs\":"); integer(Int64(audio.durationMs))
        field("bitrate", audio.bitrate); field("sampleRate", audio.sampleRate)
        field("channels", audio.channels); field("bitDepth", audio.bitDepth)
        raw(",\"hasCoverArt\":"); bool(audio.hasCoverArt)
        field("damage", m.damage); field("title", m.title); field("titleSort", m.titleSort)
        raw(",\"artists\":"); strings(m.artists)
        field("artistSort", m.artistSort)
        raw(",\"albumArtists\":"); strings(m.albumArtists)
        field("albumArtistSort", m.albumArtistSort); field("album", m.album); field("albumSort", m.albumSort)
        field("trackNumber", m.trackNumber); field("trackTotal", m.trackTotal)
        field("discNumber", m.discNumber); field("discTotal", m.discTotal)
        field("date", m.date); field("year", m.year); field("originalDate", m.originalDate); field("originalYear", m.originalYear)
        raw(",\"genres\":"); strings(m.genres)
        field("composer", m.composer); field("comment", m.comment)
        raw(",\"compilation\":"); bool(m.compilation)
        if let bpm = m.bpm { raw(",\"bpm\":"); try double(bpm) }
        let ids = m.musicBrainz, gain = m.replayGain
        raw(",\"musicBrainz\":{")
        var first = true
        member("recordingID", ids.recordingID, &first); member("trackID", ids.trackID, &first)
        member("albumID", ids.albumID, &first); member("releaseGroupID", ids.releaseGroupID, &first)
        member("artistID", ids.artistID, &first); member("albumArtistID", ids.albumArtistID, &first)
        raw("},\"replayGain\":{")
        first = true
        try member("trackGain", gain.trackGain, &first); try member("trackPeak", gain.trackPeak, &first)
        try member("albumGain", gain.albumGain, &first); try member("albumPeak", gain.albumPeak, &first)
        raw("},\"otherTags\":"); otherTags(m.otherTags)
        raw("}")
    }

    /// A track as a `TrackRow`: every value in `TrackRow.fields` order, absent ones `null`.
    mutating func row(_ track: Track) throws {
        let m = track.metadata, audio = m.audio, ids = m.musicBrainz, gain = m.replayGain
        raw("["); integer(track.id)
        raw(","); integer(track.libraryID)
        raw(","); string(track.libraryName)
        raw(","); path(track.path)
        raw(","); integer(track.fileSize)
        raw(","); integer(track.mtimeNs)
        raw(","); value(track.albumID)
        raw(","); date(track.addedAt)
        raw(","); date(track.updatedAt)
        raw(","); if let missingSince = track.missingSince { date(missingSince) } else { raw("null") }
        raw(","); string(audio.format)
        raw(","); integer(Int64(audio.durationMs))
        raw(","); value(audio.bitrate); raw(","); value(audio.sampleRate)
        raw(","); value(audio.channels); raw(","); value(audio.bitDepth)
        raw(","); bool(audio.hasCoverArt)
        raw(","); value(m.damage); raw(","); value(m.title); raw(","); value(m.titleSort)
        raw(","); strings(m.artists)
        raw(","); value(m.artistSort)
        raw(","); strings(m.albumArtists)
        raw(","); value(m.albumArtistSort); raw(","); value(m.album); raw(","); value(m.albumSort)
        raw(","); value(m.trackNumber); raw(","); value(m.trackTotal)
        raw(","); value(m.discNumber); raw(","); value(m.discTotal)
        raw(","); value(m.date)
        raw(","); value(m.year)
        raw(","); value(m.originalDate)
        raw(","); value(m.originalYear)
        raw(","); strings(m.genres)
        raw(","); value(m.composer)
        raw(","); value(m.comment)
        raw(","); bool(m.compilation)
        raw(","); try value(m.bpm)
        raw(","); value(ids.recordingID); raw(","); value(ids.trackID); raw(","); value(ids.albumID)
        raw(","); value(ids.releaseGroupID); raw(","); value(ids.artistID); raw(","); value(ids.albumArtistID)
        raw(","); try value(gain.trackGain); raw(","); try value(gain.trackPeak)
        raw(","); try value(gain.albumGain); raw(","); try value(gain.albumPeak)
        raw(","); otherTags(m.otherTags)
        raw("]")
    }

    // MARK: Values

    /// `"key":value` in an object, after a comma unless it is the object's `first` member.
    private mutating func member(_ key: StaticString, _ value: String?, _ first: inout Bool) {
        guard let value else { return }
        if !first { raw(",") }
        first = false
        raw("\""); raw(key); raw("\":"); string(value)
    }

    private mutating func member(_ key: StaticString, _ value: Double?, _ first: inout Bool) throws {
        guard let value else { return }
        if !first { raw(",") }
        first = false
        raw("\""); raw(key); raw("\":"); try double(value)
    }

    private mutating func field(_ key: StaticString, _ value: String?) {
        guard let value else { return }
        raw(",\""); raw(key); raw("\":"); string(value)
    }

    private mutating func field(_ key: StaticString, _ value: Int?) {
        guard let value else { return }
        raw(",\""); raw(key); raw("\":"); integer(Int64(value))
    }

    private mutating func value(_ text: String?) {
        if let text { string(text) } else { raw("null") }
    }

    private mutating func value(_ number: Int?) {
        if let number { integer(Int64(number)) } else { raw("null") }
    }

    private mutating func value(_ number: Int64?) {
        if let number { integer(number) } else { raw("null") }
    }

    private mutating func value(_ number: Double?) throws {
        if let number { try double(number) } else { raw("null") }
    }

    /// `text` as it is: one byte appended as one (most are a brace, bracket or comma).
    @inline(__always)
    mutating func raw(_ text: StaticString) {
        if text.utf8CodeUnitCount == 1 {
            bytes.append(text.utf8Start.pointee)
        } else {
            bytes.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
        }
    }

    mutating func bool(_ value: Bool) {
        value ? raw("true") : raw("false")
    }

    mutating func integer(_ value: Int64) {
        if (0..<10).contains(value) { return bytes.append(UInt8(ascii: "0") + UInt8(value)) }
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                     UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        withUnsafeMutableBytes(of: &digits) { buffer in
            repeat {
                buffer[19 - count] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
                count += 1
            } while magnitude > 0
            bytes.append(contentsOf: buffer[(20 - count)...])
        }
    }

    /// A double as `JSONEncoder` writes one; a non-finite one throws, as there.
    mutating func double(_ value: Double) throws {
        try JSONString.appendNumber(value, to: &bytes)
    }

    mutating func date(_ date: Date) {
        bytes.append(UInt8(ascii: "\""))
        APIDate.append(date, to: &bytes)
        bytes.append(UInt8(ascii: "\""))
    }

    /// A path as `RawPath` encodes itself: its text, or `{"base64": ...}` when it is not UTF-8.
    private mutating func path(_ path: RawPath) {
        if let text = String(validating: path.bytes, as: UTF8.self) {
            string(text)
        } else {
            raw("{\"base64\":")
            string(Data(path.bytes).base64EncodedString())
            raw("}")
        }
    }

    mutating func strings(_ values: [String]) {
        raw("[")
        for (index, value) in values.enumerated() {
            if index > 0 { raw(",") }
            string(value)
        }
        raw("]")
    }

    mutating func otherTags(_ tags: [String: [String]]) {
        raw("{")
        for (index, key) in tags.keys.sorted().enumerated() {
            if index > 0 { raw(",") }
            string(key); raw(":"); strings(tags[key]!)
        }
        raw("}")
    }

    /// A JSON string: `"`, `\`, `/` and control characters escaped, the rest copied as UTF-8.
    mutating func string(_ text: String) {
        var text = text
        text.withUTF8 { string(utf8: $0) }
    }

    /// The JSON string of the UTF-8 text `utf8`, escaped as `string(_:)` escapes.
    mutating func string(utf8: UnsafeBufferPointer<UInt8>) {
        JSONString.appendEncoderQuoted(utf8: utf8, escapingSlashes: true, to: &bytes)
    }
}
