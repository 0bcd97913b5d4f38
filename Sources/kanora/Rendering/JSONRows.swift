import LibraryCore

/// One value of a `--json` row: text, a whole number, a flag or a list of texts (nil as null).
enum JSONField: Encodable {
    case string(String?)
    case integer(Int64?)
    case bool(Bool)
    case strings([String])

    /// A whole number (nil as null).
    static func int(_ value: Int?) -> JSONField { .integer(value.map(Int64.init)) }

    /// A whole number (nil as null).
    static func int(_ value: Int64?) -> JSONField { .integer(value) }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .string(let text?): try container.encode(text)
        case .integer(let number?): try container.encode(number)
        case .bool(let flag): try container.encode(flag)
        case .strings(let texts): try container.encode(texts)
        case .string(nil), .integer(nil): try container.encodeNil()
        }
    }
}

/// The fields of one kind of `--json` row (a track, an album, an artist), keys sorted as
/// `JSONEncoder`'s `.sortedKeys` sorts them (by their UTF-8 bytes): the one definition both
/// `JSONObject`s (for nesting) and `PrettyJSON`'s direct writer read.
struct JSONRowLayout<Row>: Sendable {
    struct Field: Sendable {
        let key: String
        let value: @Sendable (Row) -> JSONField
    }

    let fields: [Field]

    init(_ fields: [(String, @Sendable (Row) -> JSONField)]) {
        self.fields = fields.map { Field(key: $0.0, value: $0.1) }
            .sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
    }

    /// The row as an object to encode (inside other values).
    func object(_ row: Row) -> JSONObject {
        JSONObject(fields: fields.map { (key: $0.key, value: $0.value(row) as any Encodable) })
    }
}

/// The `--json` rows of `kanora list` and `kanora search`.
enum JSONRows {
    /// One track in `kanora list tracks --json` and `kanora search --json`.
    static let track = JSONRowLayout<Track>([
        ("id", { .int($0.id) }), ("path", { .string($0.path.text) }), ("library", { .string($0.libraryName) }),
        ("title", { .string($0.title) }), ("artist", { .string($0.artist) }), ("artists", { .strings($0.metadata.artists) }),
        ("album", { .string($0.metadata.album) }), ("albumArtist", { .string($0.albumArtist) }),
        ("albumArtists", { .strings($0.metadata.albumArtists) }), ("trackNumber", { .int($0.metadata.trackNumber) }),
        ("trackTotal", { .int($0.metadata.trackTotal) }), ("discNumber", { .int($0.metadata.discNumber) }),
        ("discTotal", { .int($0.metadata.discTotal) }), ("year", { .int($0.metadata.year) }),
        ("date", { .string($0.metadata.date) }), ("genres", { .strings($0.metadata.genres) }),
        ("composer", { .string($0.metadata.composer) }), ("compilation", { .bool($0.metadata.compilation) }),
        ("durationMs", { .int($0.metadata.audio.durationMs) }), ("bitrate", { .int($0.metadata.audio.bitrate) }),
        ("sampleRate", { .int($0.metadata.audio.sampleRate) }), ("channels", { .int($0.metadata.audio.channels) }),
        ("format", { .string($0.metadata.audio.format) }), ("fileSize", { .int($0.fileSize) }),
        ("hasCoverArt", { .bool($0.metadata.audio.hasCoverArt) }), ("missing", { .bool($0.isMissing) }),
        ("damaged", { .string($0.metadata.damage) }),
    ])

    /// One album in `kanora list albums --json`.
    static let album = JSONRowLayout<AlbumSummary>([
        ("id", { .int($0.id) }), ("album", { .string($0.title) }), ("albumArtist", { .string($0.albumArtist) }),
        ("year", { .int($0.year) }), ("trackCount", { .int($0.trackCount) }), ("durationMs", { .int($0.durationMs) }),
        ("compilation", { .bool($0.compilation) }),
    ])

    /// One artist in `kanora list artists --json`.
    static let artist = JSONRowLayout<ArtistSummary>([
        ("id", { .int($0.id) }), ("name", { .string($0.name) }), ("albumCount", { .int($0.albumCount) }),
        ("trackCount", { .int($0.trackCount) }), ("durationMs", { .int($0.durationMs) }),
    ])
}
