import CSQLite
import Foundation
import LibraryCore

/// One column of a track row: its name in the result, the SELECT expression that yields
/// it (over `track AS t JOIN library AS l`), and how its value goes into a `Track`.
struct TrackColumn: Sendable {
    /// The result column's name (what SQLite names the plain column `expression` reads).
    let name: String
    let expression: String
    /// Sets the track's field from the value at a position of the current row.
    let read: @Sendable (inout Track, Statement, Int) -> Void

    /// The column `t.name`.
    init(_ name: String, _ read: @escaping @Sendable (inout Track, Statement, Int) -> Void) {
        self.init(name, expression: "t." + name, read)
    }

    init(_ name: String, expression: String, _ read: @escaping @Sendable (inout Track, Statement, Int) -> Void) {
        self.name = name
        self.expression = expression
        self.read = read
    }
}

/// How a track is read from the database: the one list of its columns that every track
/// SELECT and its decoding come from.
///
/// Columns the schema declares NOT NULL fill fields that cannot be nil (a NULL there would
/// set the field as `placeholder` has it); nullable columns fill optional fields, NULL as nil.
enum TrackColumns {
    static let all: [TrackColumn] = [
        TrackColumn("id") { track, row, at in track.id = row.column(at) ?? 0 },
        TrackColumn("library_id") { track, row, at in track.libraryID = row.column(at) ?? 0 },
        TrackColumn("name", expression: "l.name") { track, row, at in track.libraryName = row.column(at) ?? "" },
        TrackColumn("path") { track, row, at in track.path = RawPath(bytes: row.column(at) ?? []) },
        TrackColumn("file_size") { track, row, at in track.fileSize = row.column(at) ?? 0 },
        TrackColumn("mtime_ns") { track, row, at in track.mtimeNs = row.column(at) ?? 0 },
        TrackColumn("format") { track, row, at in track.metadata.audio.format = row.column(at) ?? "" },
        TrackColumn("duration_ms") { track, row, at in track.metadata.audio.durationMs = row.column(at) ?? 0 },
        TrackColumn("bitrate") { track, row, at in track.metadata.audio.bitrate = row.column(at) },
        TrackColumn("sample_rate") { track, row, at in track.metadata.audio.sampleRate = row.column(at) },
        TrackColumn("channels") { track, row, at in track.metadata.audio.channels = row.column(at) },
        TrackColumn("bit_depth") { track, row, at in track.metadata.audio.bitDepth = row.column(at) },
        TrackColumn("has_cover") { track, row, at in track.metadata.audio.hasCoverArt = row.column(at) ?? false },
        TrackColumn("title") { track, row, at in track.metadata.title = row.column(at) },
        TrackColumn("title_sort") { track, row, at in track.metadata.titleSort = row.column(at) },
        TrackColumn("artists") { track, row, at in track.metadata.artists = row.stringArray(at) },
        TrackColumn("artist_sort") { track, row, at in track.metadata.artistSort = row.column(at) },
        TrackColumn("album_artists") { track, row, at in track.metadata.albumArtists = row.stringArray(at) },
        TrackColumn("album_artist_sort") { track, row, at in track.metadata.albumArtistSort = row.column(at) },
        TrackColumn("album") { track, row, at in track.metadata.album = row.column(at) },
        TrackColumn("album_sort") { track, row, at in track.metadata.albumSort = row.column(at) },
        TrackColumn("track_number") { track, row, at in track.metadata.trackNumber = row.column(at) },
        TrackColumn("track_total") { track, row, at in track.metadata.trackTotal = row.column(at) },
        TrackColumn("disc_number") { track, row, at in track.metadata.discNumber = row.column(at) },
        TrackColumn("disc_total") { track, row, at in track.metadata.discTotal = row.column(at) },
        TrackColumn("date") { track, row, at in track.metadata.date = row.column(at) },
        TrackColumn("year") { track, row, at in track.metadata.year = row.column(at) },
        TrackColumn("original_date") { track, row, at in track.metadata.originalDate = row.column(at) },
        TrackColumn("original_year") { track, row, at in track.metadata.originalYear = row.column(at) },
        TrackColumn("genres") { track, row, at in track.metadata.genres = row.stringArray(at) },
        TrackColumn("composer") { track, row, at in track.metadata.composer = row.column(at) },
        TrackColumn("comment") { track, row, at in track.metadata.comment = row.column(at) },
        TrackColumn("compilation") { track, row, at in track.metadata.compilation = row.column(at) ?? false },
        TrackColumn("bpm") { track, row, at in track.metadata.bpm = row.column(at) },
        TrackColumn("mb_recording_id") { track, row, at in track.metadata.musicBrainz.recordingID = row.column(at) },
        TrackColumn("mb_track_id") { track, row, at in track.metadata.musicBrainz.trackID = row.column(at) },
        TrackColumn("mb_album_id") { track, row, at in track.metadata.musicBrainz.albumID = row.column(at) },
        TrackColumn("mb_release_group_id") { track, row, at in track.metadata.musicBrainz.releaseGroupID = row.column(at) },
        TrackColumn("mb_artist_id") { track, row, at in track.metadata.musicBrainz.artistID = row.column(at) },
        TrackColumn("mb_album_artist_id") { track, row, at in track.metadata.musicBrainz.albumArtistID = row.column(at) },
        TrackColumn("rg_track_gain") { track, row, at in track.metadata.replayGain.trackGain = row.column(at) },
        TrackColumn("rg_track_peak") { track, row, at in track.metadata.replayGain.trackPeak = row.column(at) },
        TrackColumn("rg_album_gain") { track, row, at in track.metadata.replayGain.albumGain = row.column(at) },
        TrackColumn("rg_album_peak") { track, row, at in track.metadata.replayGain.albumPeak = row.column(at) },
        TrackColumn("album_id") { track, row, at in track.albumID = row.column(at) },
        TrackColumn("added_at") { track, row, at in track.addedAt = date(row, at) ?? placeholder.addedAt },
        TrackColumn("updated_at") { track, row, at in track.updatedAt = date(row, at) ?? placeholder.updatedAt },
        TrackColumn("missing_since") { track, row, at in track.missingSince = date(row, at) },
        TrackColumn("other_tags") { track, row, at in track.metadata.otherTags = JSONText.decodeObject(row.column(at) ?? "{}") },
        TrackColumn("damage") { track, row, at in track.metadata.damage = row.column(at) },
    ]

    /// `path` read only for a track without a title (the one field it stands in for), named
    /// `untitledPathName` in a set of columns to read: a listing that shows titles but not
    /// paths then reads no path.
    static let untitledPath = TrackColumn("path", expression: "CASE WHEN t.title IS NULL THEN t.path END AS path") {
        track, row, at in track.path = RawPath(bytes: row.column(at) ?? [])
    }

    /// The name that asks for `untitledPath` in a set of columns.
    static let untitledPathName = "untitled_path"

    /// Every name a set of columns may hold: the columns' and `untitledPathName`.
    static let names = all.map(\.name) + [untitledPathName]

    /// The columns read when leaving out `omitted` (`untitledPath` for the path when only
    /// `path` is left out, see `untitledPathName`).
    static func reading(leavingOut omitted: Set<String>) -> [TrackColumn] {
        all.compactMap { column in
            guard omitted.contains(column.name) else { return column }
            return column.name == "path" && !omitted.contains(untitledPathName) ? untitledPath : nil
        }
    }

    /// What a row's track starts as before its columns are read.
    static let placeholder = Track(
        id: 0, libraryID: 0, libraryName: "", path: RawPath(bytes: []), fileSize: 0, mtimeNs: 0,
        metadata: TrackMetadata(format: ""), albumID: nil, addedAt: Date(timeIntervalSince1970: 0),
        updatedAt: Date(timeIntervalSince1970: 0), missingSince: nil)

    /// The SELECT list of every column (`t.id, t.library_id, l.name, ...`).
    static let selectList = selectList(leavingOut: [])

    /// The SELECT list without the columns named `omitted` (a `Layout` made with the same
    /// names leaves their fields as `placeholder` has them).
    static func selectList(leavingOut omitted: Set<String>) -> String {
        reading(leavingOut: omitted).map(\.expression).joined(separator: ", ")
    }

    /// Seconds since 1970 as a date.
    private static func date(_ row: Statement, _ position: Int) -> Date? {
        (row.column(position) as Int64?).map { Date(timeIntervalSince1970: Double($0)) }
    }

    /// Where each track column is in one statement's result: found by name once per
    /// statement, so reading a row costs no name lookup.
    struct Layout: Sendable {
        private let reads: [(read: @Sendable (inout Track, Statement, Int) -> Void, position: Int)]

        /// The layout of a statement whose result starts with `selectList(leavingOut: omitted)`,
        /// made once instead of looking up each column's name for every statement run.
        init(leading omitted: Set<String>) {
            reads = TrackColumns.reading(leavingOut: omitted).enumerated().map { position, column in
                (column.read, position)
            }
        }

        /// The layout of `statement`, which selects every track column except `omitted`
        /// (in any order, among other columns).
        init(_ statement: Statement, leavingOut omitted: Set<String> = []) {
            reads = TrackColumns.reading(leavingOut: omitted).map { column in
                guard let position = statement.index(ofColumn: column.name) else {
                    preconditionFailure("no track column \(column.name) in `\(statement.sql)`")
                }
                return (column.read, position)
            }
        }

        /// The track in the statement's current row.
        func track(_ statement: Statement) -> Track {
            var track = TrackColumns.placeholder
            fill(&track, statement)
            return track
        }

        /// Sets every field the layout reads from the statement's current row (a field's
        /// value never depends on what `track` held), leaving the others as they are: a
        /// track made from `placeholder` can be filled again for each row.
        func fill(_ track: inout Track, _ statement: Statement) {
            for (read, position) in reads {
                read(&track, statement, position)
            }
        }
    }
}

extension TrackColumns {
    /// The columns behind each track field a caller may name (`ListRequest.fields`, the names
    /// `kanora show` prints); `tag:NAME` fields read `other_tags`. The title needs the path
    /// (a file's name stands in for a missing tag), where it has none.
    private static let fieldColumns: [String: [String]] = [
        "id": [], "path": ["path"], "library": ["name"], "title": ["title", untitledPathName], "titlesort": ["title_sort"],
        "artist": ["artists"], "artistsort": ["artist_sort"], "albumartist": ["album_artists"],
        "albumartistsort": ["album_artist_sort"], "album": ["album"], "albumsort": ["album_sort"],
        "track": ["track_number"], "tracktotal": ["track_total"], "disc": ["disc_number"], "disctotal": ["disc_total"],
        "date": ["date"], "year": ["year"], "originaldate": ["original_date"], "originalyear": ["original_year"],
        "genre": ["genres"], "composer": ["composer"], "comment": ["comment"], "compilation": ["compilation"],
        "bpm": ["bpm"], "mb_trackid": ["mb_recording_id"], "mb_releasetrackid": ["mb_track_id"],
        "mb_albumid": ["mb_album_id"], "mb_releasegroupid": ["mb_release_group_id"], "mb_artistid": ["mb_artist_id"],
        "mb_albumartistid": ["mb_album_artist_id"], "rg_track_gain": ["rg_track_gain"],
        "rg_track_peak": ["rg_track_peak"], "rg_album_gain": ["rg_album_gain"], "rg_album_peak": ["rg_album_peak"],
        "format": ["format"], "length": ["duration_ms"], "duration_ms": ["duration_ms"], "bitrate": ["bitrate"],
        "samplerate": ["sample_rate"], "channels": ["channels"], "bitdepth": ["bit_depth"], "cover": ["has_cover"],
        "size": ["file_size"], "mtime": ["mtime_ns"], "added": ["added_at"], "updated": ["updated_at"],
        "missing": ["missing_since"], "damaged": ["damage"],
    ]

    /// The columns to read for a track whose only fields shown are `fields` (the id always);
    /// nil (every column) when one of them is not a known field.
    static func reading(fields: Set<String>) -> Set<String>? {
        var columns: Set<String> = ["id"]
        for field in fields {
            if field.hasPrefix("tag:") {
                columns.insert("other_tags")
            } else if let more = fieldColumns[field] {
                columns.formUnion(more)
            } else {
                return nil
            }
        }
        return columns
    }
}

extension TrackStore {
    /// The columns (`TrackColumns` names) a listing reads when it shows only the track
    /// fields `fields` (`ListRequest.fields`); nil (all) when one is not a known field.
    package static func columns(showing fields: Set<String>) -> Set<String>? {
        TrackColumns.reading(fields: fields)
    }
}

extension Statement {
    /// The strings of the JSON array of strings in column `index` of the current row (none
    /// for NULL), split from SQLite's bytes of the text: what `JSONText.decodeArray` makes of
    /// the column read as a String, without that String.
    func stringArray(_ index: Int) -> [String] {
        let position = Int32(index)
        guard sqlite3_column_type(handle, position) == SQLITE_TEXT, let text = sqlite3_column_text(handle, position) else {
            return JSONText.decodeArray(column(index) ?? "[]")
        }
        return JSONText.decodeArray(utf8: UnsafeBufferPointer(start: text, count: Int(sqlite3_column_bytes(handle, position))))
    }
}
