import Foundation
import LibraryCore
import LibraryServices

/// A playlist's entries written straight from the database's rows into the JSON bytes
/// `PlaylistEntry.jsonArray` writes for the same entries: no `Track` is built, stored
/// lists and other tags are copied as they are when plain. Building a `Track` for each of
/// 5,000 entries (its other tags through Foundation's JSON parser) was a quarter of the
/// answer's time.
public enum PlaylistEntriesJSON {
    /// How many bytes a chunk holds before the next is started: a chunk is cut after an
    /// entry once it has this many, so it stays within 64 KiB unless one entry is larger.
    public static let chunkLength = 56 * 1024

    /// The entries `rows` hold, numbered 1..., as one JSON array in chunks of about
    /// `chunkLength` bytes, in order (one for a short array).
    public static func encode(_ rows: StoredTrackRows, chunkLength: Int = PlaylistEntriesJSON.chunkLength) throws -> [[UInt8]] {
        var chunks: [[UInt8]] = []
        try encode(rows, chunkLength: chunkLength) { chunks.append($0) }
        return chunks
    }

    /// The entries `rows` hold as `encode(_:chunkLength:)` writes them, each chunk handed to
    /// `emit` as soon as it is full: a 4.5 MB answer is never one buffer touched for the first
    /// time, and its first chunks can be sent while the rest is read.
    public static func encode(
        _ rows: StoredTrackRows, chunkLength: Int = PlaylistEntriesJSON.chunkLength, emit: ([UInt8]) throws -> Void
    ) throws {
        let capacity = chunkLength + 8 * 1024
        var json = TrackJSON(capacity: min(capacity, rows.expectedCount * 1_400 + 2))
        json.raw("[")
        var position: Int64 = 0
        try rows.forEach { row in
            if position > 0 { json.raw(",") }
            position += 1
            json.raw("{\"position\":")
            json.integer(position)
            json.raw(",\"track\":")
            try json.track(row)
            json.raw("}")
            if json.bytes.count >= chunkLength {
                var full: [UInt8] = []
                full.reserveCapacity(capacity)
                swap(&full, &json.bytes)
                try emit(full)
            }
        }
        json.raw("]")
        try emit(json.bytes)
    }
}

extension TrackJSON {
    /// A stored track as `track(_:)` writes the `Track` read from the same row.
    mutating func track(_ row: StoredTrackRow) throws {
        raw("{\"id\":"); integer(row.integer(.id) ?? 0)
        raw(",\"libraryID\":"); integer(row.integer(.libraryID) ?? 0)
        raw(",\"libraryName\":"); text(row, .libraryName)
        raw(",\"path\":"); row.withBytes(.path) { path($0, isUTF8: $1) }
        raw(",\"fileSize\":"); integer(row.integer(.fileSize) ?? 0)
        raw(",\"mtimeNs\":"); integer(row.integer(.mtimeNs) ?? 0)
        raw(",\"metadata\":"); try metadata(row)
        if let albumID = row.integer(.albumID) { raw(",\"albumID\":"); integer(albumID) }
        raw(",\"addedAt\":"); date(seconds: row.integer(.addedAt) ?? 0)
        raw(",\"updatedAt\":"); date(seconds: row.integer(.updatedAt) ?? 0)
        if let missingSince = row.integer(.missingSince) { raw(",\"missingSince\":"); date(seconds: missingSince) }
        raw("}")
    }

    /// A stored track's metadata, in the order of `metadata(_:)`.
    private mutating func metadata(_ row: StoredTrackRow) throws {
        raw("{\"format\":"); text(row, .format)
        raw(",\"durationMs\":"); integer(row.integer(.durationMs) ?? 0)
        field(",\"bitrate\":", row, .bitrate); field(",\"sampleRate\":", row, .sampleRate)
        field(",\"channels\":", row, .channels); field(",\"bitDepth\":", row, .bitDepth)
        raw(",\"hasCoverArt\":"); bool(row.bool(.hasCoverArt) ?? false)
        textField(",\"damage\":", row, .damage); textField(",\"title\":", row, .title)
        textField(",\"titleSort\":", row, .titleSort)
        raw(",\"artists\":"); list(row.list(.artists))
        textField(",\"artistSort\":", row, .artistSort)
        raw(",\"albumArtists\":"); list(row.list(.albumArtists))
        textField(",\"albumArtistSort\":", row, .albumArtistSort); textField(",\"album\":", row, .album)
        textField(",\"albumSort\":", row, .albumSort)
        field(",\"trackNumber\":", row, .trackNumber); field(",\"trackTotal\":", row, .trackTotal)
        field(",\"discNumber\":", row, .discNumber); field(",\"discTotal\":", row, .discTotal)
        textField(",\"date\":", row, .date); field(",\"year\":", row, .year)
        textField(",\"originalDate\":", row, .originalDate); field(",\"originalYear\":", row, .originalYear)
        raw(",\"genres\":"); list(row.list(.genres))
        textField(",\"composer\":", row, .composer); textField(",\"comment\":", row, .comment)
        raw(",\"compilation\":"); bool(row.bool(.compilation) ?? false)
        if let bpm = row.double(.bpm) { raw(",\"bpm\":"); try double(bpm) }
        raw(",\"musicBrainz\":{")
        var first = true
        for (key, column) in Self.musicBrainzMembers { textMember(key, row, column, &first) }
        raw("},\"replayGain\":{")
        first = true
        for (key, column) in Self.replayGainMembers {
            guard let value = row.double(column) else { continue }
            if !first { raw(",") }
            first = false
            raw(key); try double(value)
        }
        raw("},\"otherTags\":"); tags(row.tags())
        raw("}")
    }

    private static let musicBrainzMembers: [(StaticString, StoredTrackColumn)] = [
        ("\"recordingID\":", .recordingID), ("\"trackID\":", .releaseTrackID), ("\"albumID\":", .albumMusicBrainzID),
        ("\"releaseGroupID\":", .releaseGroupID), ("\"artistID\":", .artistMusicBrainzID),
        ("\"albumArtistID\":", .albumArtistMusicBrainzID),
    ]

    private static let replayGainMembers: [(StaticString, StoredTrackColumn)] = [
        ("\"trackGain\":", .trackGain), ("\"trackPeak\":", .trackPeak), ("\"albumGain\":", .albumGain),
        ("\"albumPeak\":", .albumPeak),
    ]

    /// A text column that a `Track` holds as a non-optional `String` (NULL: "").
    private mutating func text(_ row: StoredTrackRow, _ column: StoredTrackColumn) {
        row.withText(column) { string(utf8: $0 ?? UnsafeBufferPointer(start: nil, count: 0)) }
    }

    /// `prefix` (`,"key":`) and the text unless the column is NULL.
    private mutating func textField(_ prefix: StaticString, _ row: StoredTrackRow, _ column: StoredTrackColumn) {
        row.withText(column) { utf8 in
            guard let utf8 else { return }
            raw(prefix); string(utf8: utf8)
        }
    }

    /// `prefix` (`,"key":`) and the number unless the column is NULL.
    private mutating func field(_ prefix: StaticString, _ row: StoredTrackRow, _ column: StoredTrackColumn) {
        guard let value = row.integer(column) else { return }
        raw(prefix); integer(value)
    }

    /// `key` (`"key":`) and the text in an object unless the column is NULL, after a comma
    /// unless `first`.
    private mutating func textMember(_ key: StaticString, _ row: StoredTrackRow, _ column: StoredTrackColumn, _ first: inout Bool) {
        row.withText(column) { utf8 in
            guard let utf8 else { return }
            if !first { raw(",") }
            first = false
            raw(key); string(utf8: utf8)
        }
    }

    /// A date stored as whole seconds since 1970.
    private mutating func date(seconds: Int64) {
        date(Date(timeIntervalSince1970: Double(seconds)))
    }

    /// A path as `RawPath` encodes itself: its text, or `{"base64": ...}` when it is not UTF-8.
    private mutating func path(_ path: UnsafeBufferPointer<UInt8>, isUTF8: Bool) {
        if isUTF8 { return string(utf8: path) }
        raw("{\"base64\":")
        string(Data(path).base64EncodedString())
        raw("}")
    }

    /// A list as `strings(_:)` writes its values: a plain one value by value from its bytes.
    private mutating func list(_ list: StoredList) {
        switch list {
        case .values(let values):
            strings(values)
        case .plain(let stored):
            raw("[")
            var first = true
            PlainJSONList.forEachValue(in: stored) { value in
                if !first { raw(",") }
                first = false
                string(utf8: value)
            }
            raw("]")
        }
    }

    /// Other tags as `otherTags(_:)` writes them: plain ones are those very bytes but for `/`,
    /// which `string(_:)` escapes.
    private mutating func tags(_ tags: StoredTags) {
        switch tags {
        case .values(let values):
            otherTags(values)
        case .plain(let stored):
            var runStart = 0
            for index in 0..<stored.count where stored[index] == UInt8(ascii: "/") {
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: stored[runStart..<index]))
                raw("\\/")
                runStart = index + 1
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: stored[runStart...]))
        }
    }
}
