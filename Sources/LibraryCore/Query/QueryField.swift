/// A field a query term can name, and how it maps onto the `track AS t` columns.
package struct QueryField: Equatable, Sendable {
    package let name: String
    package let kind: Kind

    package enum Kind: Equatable, Sendable {
        /// Text; `fold` is its `*_fold` column when it has one.
        case text(column: String, fold: String?)
        /// Multi-valued text: a display column, a JSON array of values and a fold column.
        case multiText(column: String, json: String, fold: String)
        /// A number column.
        case number(column: String)
        /// A duration in milliseconds, queried in seconds.
        case duration(column: String)
        /// A timestamp column in units of `1 / perSecond` seconds since 1970.
        case timestamp(column: String, perSecond: Int64)
        /// A tag date as ISO text ("1997", "1997-05-20").
        case dateText(column: String)
        /// The file path: prefix queries.
        case path
        /// A yes/no fact, as a boolean SQL expression.
        case flag(expression: String)
        /// The library, by name.
        case library
    }

    /// Every field, by name.
    package static let all: [String: QueryField] = Dictionary(uniqueKeysWithValues: list.map { ($0.name, $0) })

    /// The valid names, sorted, for messages and completion.
    package static let names: [String] = list.map(\.name).sorted()

    package static func named(_ name: String) -> QueryField? { all[name] }

    private static let list: [QueryField] = [
        QueryField(name: "title", kind: .text(column: "t.title", fold: "t.title_fold")),
        QueryField(name: "artist", kind: .multiText(column: "t.artist", json: "t.artists", fold: "t.artist_fold")),
        QueryField(name: "albumartist", kind: .multiText(column: "t.album_artist", json: "t.album_artists", fold: "t.album_artist_fold")),
        QueryField(name: "album", kind: .text(column: "t.album", fold: "t.album_fold")),
        QueryField(name: "genre", kind: .multiText(column: "t.genre", json: "t.genres", fold: "t.genre_fold")),
        QueryField(name: "composer", kind: .text(column: "t.composer", fold: "t.composer_fold")),
        QueryField(name: "comment", kind: .text(column: "t.comment", fold: "t.comment_fold")),
        QueryField(name: "year", kind: .number(column: "t.year")),
        QueryField(name: "originalyear", kind: .number(column: "t.original_year")),
        QueryField(name: "date", kind: .dateText(column: "t.date")),
        QueryField(name: "track", kind: .number(column: "t.track_number")),
        QueryField(name: "tracktotal", kind: .number(column: "t.track_total")),
        QueryField(name: "disc", kind: .number(column: "t.disc_number")),
        QueryField(name: "disctotal", kind: .number(column: "t.disc_total")),
        QueryField(name: "length", kind: .duration(column: "t.duration_ms")),
        QueryField(name: "bitrate", kind: .number(column: "t.bitrate")),
        QueryField(name: "samplerate", kind: .number(column: "t.sample_rate")),
        QueryField(name: "channels", kind: .number(column: "t.channels")),
        QueryField(name: "bitdepth", kind: .number(column: "t.bit_depth")),
        QueryField(name: "format", kind: .text(column: "t.format", fold: nil)),
        QueryField(name: "bpm", kind: .number(column: "t.bpm")),
        QueryField(name: "path", kind: .path),
        QueryField(name: "added", kind: .timestamp(column: "t.added_at", perSecond: 1)),
        QueryField(name: "updated", kind: .timestamp(column: "t.updated_at", perSecond: 1)),
        QueryField(name: "mtime", kind: .timestamp(column: "t.mtime_ns", perSecond: 1_000_000_000)),
        QueryField(name: "size", kind: .number(column: "t.file_size")),
        QueryField(name: "compilation", kind: .flag(expression: "t.compilation = 1")),
        QueryField(name: "missing", kind: .flag(expression: "t.missing_since IS NOT NULL")),
        QueryField(name: "cover", kind: .flag(expression: "t.has_cover = 1")),
        QueryField(name: "damaged", kind: .flag(expression: "t.damage IS NOT NULL")),
        QueryField(name: "mb_trackid", kind: .text(column: "t.mb_recording_id", fold: nil)),
        QueryField(name: "mb_releasetrackid", kind: .text(column: "t.mb_track_id", fold: nil)),
        QueryField(name: "mb_albumid", kind: .text(column: "t.mb_album_id", fold: nil)),
        QueryField(name: "mb_releasegroupid", kind: .text(column: "t.mb_release_group_id", fold: nil)),
        QueryField(name: "mb_artistid", kind: .text(column: "t.mb_artist_id", fold: nil)),
        QueryField(name: "mb_albumartistid", kind: .text(column: "t.mb_album_artist_id", fold: nil)),
        QueryField(name: "library", kind: .library),
        QueryField(name: "id", kind: .number(column: "t.id")),
    ]
}
