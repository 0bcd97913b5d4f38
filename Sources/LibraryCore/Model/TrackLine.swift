/// The fields of one track that a one-line listing shows (`TrackDetail.brief`, `kanora
/// list`'s table) as UTF-8 bytes lent for one call: a listing of 100,000 tracks writes its
/// lines from the database's bytes without making a `Track` of each row.
///
/// A listing that names its fields (`ListRequest.fields`) gets those: the others are empty
/// (nil, none, zero, false). The buffers are valid only during the call that hands the line
/// over: copy what you keep.
/// Text is as the database holds it (valid UTF-8 for anything Kanora wrote); a reader that
/// must match `String` exactly repairs invalid bytes as `String(decoding:as:)` does.
public struct TrackLine {
    public var id: Int64
    /// The title; nil when the track has none (`untitledPath` stands in).
    public var title: UnsafeBufferPointer<UInt8>?
    /// The file's path when the track has no title; nil otherwise (it is not read).
    public var untitledPath: RawPath?
    /// The artists, in order.
    public var artists: [UnsafeBufferPointer<UInt8>]
    /// The album artists, in order, where the listing asked for them (`ListRequest.fields`
    /// naming `albumartist`); none otherwise (a brief line has none).
    public var albumArtists: [UnsafeBufferPointer<UInt8>]
    public var album: UnsafeBufferPointer<UInt8>?
    public var trackNumber: Int?
    public var discNumber: Int?
    public var discTotal: Int?
    public var year: Int?
    public var durationMs: Int
    public var format: UnsafeBufferPointer<UInt8>
    /// Whether the file is missing.
    public var isMissing: Bool

    public init(
        id: Int64, title: UnsafeBufferPointer<UInt8>?, untitledPath: RawPath?, artists: [UnsafeBufferPointer<UInt8>],
        albumArtists: [UnsafeBufferPointer<UInt8>], album: UnsafeBufferPointer<UInt8>?, trackNumber: Int?, discNumber: Int?, discTotal: Int?, year: Int?,
        durationMs: Int, format: UnsafeBufferPointer<UInt8>, isMissing: Bool
    ) {
        self.id = id
        self.title = title
        self.untitledPath = untitledPath
        self.artists = artists
        self.albumArtists = albumArtists
        self.album = album
        self.trackNumber = trackNumber
        self.discNumber = discNumber
        self.discTotal = discTotal
        self.year = year
        self.durationMs = durationMs
        self.format = format
        self.isMissing = isMissing
    }

    /// The fields (by the names `ListRequest.fields` takes) a line holds besides the album
    /// artists.
    public static let fieldNames: Set<String> = [
        "id", "title", "artist", "album", "track", "disc", "disctotal", "year", "length", "format", "missing",
    ]

    /// Calls `body` with the line of `track` (for services that hand whole tracks, and for
    /// tracks already in memory).
    public static func lending<Result>(_ track: Track, _ body: (TrackLine) throws -> Result) rethrows -> Result {
        let metadata = track.metadata
        // Every text one after another in one buffer; `ends[i]` closes the i-th.
        var bytes: [UInt8] = []
        var ends: [Int] = []
        for text in [metadata.title ?? "", metadata.album ?? "", metadata.audio.format] + metadata.artists
            + metadata.albumArtists {
            bytes.append(contentsOf: text.utf8)
            ends.append(bytes.count)
        }
        return try bytes.withUnsafeBufferPointer { all in
            func text(_ index: Int) -> UnsafeBufferPointer<UInt8> {
                UnsafeBufferPointer(rebasing: all[(index == 0 ? 0 : ends[index - 1])..<ends[index]])
            }
            return try body(TrackLine(
                id: track.id, title: metadata.title == nil ? nil : text(0),
                untitledPath: metadata.title == nil ? track.path : nil, artists: metadata.artists.indices.map { text(3 + $0) },
                albumArtists: metadata.albumArtists.indices.map { text(3 + metadata.artists.count + $0) },
                album: metadata.album == nil ? nil : text(1), trackNumber: metadata.trackNumber,
                discNumber: metadata.discNumber, discTotal: metadata.discTotal, year: metadata.year,
                durationMs: metadata.audio.durationMs, format: text(2), isMissing: track.isMissing))
        }
    }
}
