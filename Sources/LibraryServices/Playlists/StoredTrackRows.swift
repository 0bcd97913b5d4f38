import Foundation
import LibraryCore
import LibraryStorage

/// A stored track's columns, named after the `Track` fields they fill.
public enum StoredTrackColumn: Int, CaseIterable, Sendable {
    case id, libraryID, libraryName, path, fileSize, mtimeNs, format, durationMs, bitrate, sampleRate, channels, bitDepth
    case hasCoverArt, title, titleSort, artists, artistSort, albumArtists, albumArtistSort, album, albumSort
    case trackNumber, trackTotal, discNumber, discTotal, date, year, originalDate, originalYear, genres, composer, comment
    case compilation, bpm, recordingID, releaseTrackID, albumMusicBrainzID, releaseGroupID, artistMusicBrainzID
    case albumArtistMusicBrainzID, trackGain, trackPeak, albumGain, albumPeak, albumID, addedAt, updatedAt, missingSince
    case otherTags, damage

    /// The result column each case reads, by `rawValue`.
    static let names = [
        "id", "library_id", "name", "path", "file_size", "mtime_ns", "format", "duration_ms", "bitrate", "sample_rate",
        "channels", "bit_depth", "has_cover", "title", "title_sort", "artists", "artist_sort", "album_artists",
        "album_artist_sort", "album", "album_sort", "track_number", "track_total", "disc_number", "disc_total", "date", "year",
        "original_date", "original_year", "genres", "composer", "comment", "compilation", "bpm", "mb_recording_id",
        "mb_track_id", "mb_album_id", "mb_release_group_id", "mb_artist_id", "mb_album_artist_id", "rg_track_gain",
        "rg_track_peak", "rg_album_gain", "rg_album_peak", "album_id", "added_at", "updated_at", "missing_since", "other_tags",
        "damage",
    ]
}

/// A JSON array of strings as stored: its bytes when they are plain (`["a","b"]` or `[]`,
/// no backslash, every quote around a value: the values are the runs between `["`, `","`
/// and `"]`), else the strings a `Track` would hold.
public enum StoredList {
    case plain(UnsafeBufferPointer<UInt8>)
    case values([String])
}

/// The other tags as stored: their bytes when plain (`{}` or `{"A":["x"],"B":[]}` with
/// printable ASCII keys in ascending order and nothing to escape but `/`), else the
/// dictionary a `Track` would hold.
public enum StoredTags {
    case plain(UnsafeBufferPointer<UInt8>)
    case values([String: [String]])
}

/// The tracks of a read, row by row, for writers that copy columns straight into bytes
/// instead of building a `Track` for each (a 5,000-entry playlist's JSON). Each value is
/// exactly what the `Track` read from the same row holds.
public struct StoredTrackRows {
    private let statement: Statement
    private let positions: [Int]
    /// How many rows there are expected to be (to size a buffer); 0 when unknown.
    public let expectedCount: Int

    init(_ statement: Statement, expectedCount: Int) {
        self.statement = statement
        self.expectedCount = expectedCount
        positions = StoredTrackColumn.names.map { name in
            guard let position = statement.index(ofColumn: name) else { preconditionFailure("no track column \(name) in `\(statement.sql)`") }
            return position
        }
    }

    /// Hands each row to `body`, in order. A row and the bytes it gives are valid only
    /// during that call.
    public func forEach(_ body: (StoredTrackRow) throws -> Void) throws {
        let row = StoredTrackRow(statement: statement, positions: positions)
        try statement.forEach { _ in try body(row) }
    }
}

/// One row of `StoredTrackRows`: its bytes are valid until the next row.
public struct StoredTrackRow {
    fileprivate let statement: Statement
    fileprivate let positions: [Int]

    /// An integer column (a `Track`'s `Int` and `Int64` fields, dates in seconds since 1970).
    public func integer(_ column: StoredTrackColumn) -> Int64? {
        statement.int64(positions[column.rawValue])
    }

    /// A number column (BPM, ReplayGain).
    public func double(_ column: StoredTrackColumn) -> Double? {
        statement.double(positions[column.rawValue])
    }

    /// A flag column.
    public func bool(_ column: StoredTrackColumn) -> Bool? {
        statement.int64(positions[column.rawValue]).map { $0 != 0 }
    }

    /// Calls `body` with a text column's UTF-8 (nil for NULL): SQLite's own bytes when they
    /// are valid UTF-8, else those of the `String` a `Track` would hold.
    public func withText<Result>(_ column: StoredTrackColumn, _ body: (UnsafeBufferPointer<UInt8>?) throws -> Result) rethrows -> Result {
        let position = positions[column.rawValue]
        if let bytes = statement.utf8Text(position) { return try body(bytes) }
        if statement.isNull(position) { return try body(nil) }
        guard var text: String = statement.column(position) else { return try body(nil) }
        return try text.withUTF8 { try body($0) }
    }

    /// Calls `body` with a byte column's bytes (the path: empty for NULL) and whether they
    /// are valid UTF-8.
    public func withBytes<Result>(
        _ column: StoredTrackColumn, _ body: (UnsafeBufferPointer<UInt8>, _ isUTF8: Bool) throws -> Result
    ) rethrows -> Result {
        let position = positions[column.rawValue]
        if let bytes = statement.blobBytes(position) { return try body(bytes, UTF8Bytes.isValid(bytes)) }
        let array: [UInt8] = statement.column(position) ?? []
        return try array.withUnsafeBufferPointer { try body($0, UTF8Bytes.isValid($0)) }
    }

    /// A list column (artists, album artists, genres).
    public func list(_ column: StoredTrackColumn) -> StoredList {
        let position = positions[column.rawValue]
        if let bytes = statement.plainList(position) { return .plain(bytes) }
        return .values(statement.stringList(position))
    }

    /// The other tags.
    public func tags() -> StoredTags {
        let position = positions[StoredTrackColumn.otherTags.rawValue]
        if let bytes = statement.plainObject(position) { return .plain(bytes) }
        return .values(statement.tagObject(position))
    }
}
