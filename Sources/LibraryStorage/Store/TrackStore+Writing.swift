import CSQLite
import Foundation
import LibraryCore

/// A track row as the scanner needs it to decide what changed.
package struct StoredFile: Sendable, Equatable {
    package var id: Int64
    package var pathText: String
    package var size: Int64
    package var mtimeNs: Int64
    package var ctimeNs: Int64
    package var inode: UInt64
    package var isMissing: Bool
}

extension TrackStore {
    /// The tracks recorded in one folder of a library.
    package static func storedFiles(libraryID: Int64, folder: RawPath, _ db: Connection) throws -> [StoredFile] {
        var result: [StoredFile] = []
        try db.forEach("""
            SELECT t.id, t.path_text, t.file_size, t.mtime_ns, t.ctime_ns, t.missing_since, t.inode
            FROM folder f JOIN track t ON t.folder_id = f.id
            WHERE f.library_id = \(libraryID) AND f.path_text = \(folder.text)
            """) { s in
            result.append(StoredFile(
                id: s["id"] ?? 0, pathText: s["path_text"] ?? "", size: s["file_size"] ?? 0,
                mtimeNs: s["mtime_ns"] ?? 0, ctimeNs: s["ctime_ns"] ?? 0, inode: UInt64(bitPattern: s["inode"] ?? 0),
                isMissing: s["missing_since"] as DatabaseValue? != .null))
        }
        return result
    }

    /// What `save` did: the track's id, and whether it inserted a new row.
    package struct Saved: Sendable, Equatable {
        package var id: Int64
        package var inserted: Bool
    }

    /// Stores `record`, keeping the track's id and added-at when it exists: updates the row
    /// `existingID` (the track the scan found at this path), else inserts one, else (another
    /// spelling of the same path, NFC against NFD, already has a row) updates that row.
    /// `generation` is the scan that adds the row, recorded only on insert. With `moved`,
    /// `existingID` is a missing track whose file moved to the record's path: the row takes
    /// the new path text and library too (it may come from another library).
    ///
    /// An update reindexes the track for search (through the trigger, when a searched column
    /// changed), or with `searchText` leaves the searched columns to `setSearchText`, in the
    /// same transaction; an inserted track is not searchable until `indexForSearch` is given
    /// its id, in the same transaction (one statement per batch is much cheaper than one
    /// per row: see `Schema.batchedSearchIndexing`).
    package static func save(
        _ record: TrackRecord, existingID: Int64?, libraryID: Int64, folderID: Int64, albumID: Int64?,
        generation: Int64, now: Date, moved: Bool = false, searchText: SearchTextBatch? = nil, _ db: Connection
    ) throws -> Saved {
        let seconds = Int64(now.timeIntervalSince1970)
        let movedTo = moved ? (pathText: record.pathText, libraryID: libraryID) : nil
        if let existingID, try update(
            existingID, record, folderID: folderID, albumID: albumID, now: seconds, movedTo: movedTo, searchText: searchText, db) {
            return Saved(id: existingID, inserted: false)
        }
        try db.cachedStatement(insertSQL).execute { arguments in
            arguments.bind(libraryID)
            arguments.bind(record.pathText)
            bindValues(record, folderID: folderID, albumID: albumID, now: seconds, &arguments)
            arguments.bind(seconds)
            arguments.bind(generation)
        }
        if db.changes == 1 { return Saved(id: db.lastInsertedRowID, inserted: true) }
        let id: Int64? = try db.scalar("SELECT id FROM track WHERE library_id = \(libraryID) AND path_text = \(record.pathText)")
        guard let id, try update(id, record, folderID: folderID, albumID: albumID, now: seconds, searchText: searchText, db) else {
            throw DatabaseError(code: SQLITE_CONSTRAINT, message: "cannot store the track at \(record.pathText)", sql: insertSQL.text)
        }
        return Saved(id: id, inserted: false)
    }

    /// Rewrites the row `id` with `record` and marks it present (at the path text and
    /// library `movedTo` when given); false when there is no such row. With `searchText`,
    /// the searched columns are left out and recorded there, for `setSearchText`.
    private static func update(
        _ id: Int64, _ record: TrackRecord, folderID: Int64, albumID: Int64?, now: Int64,
        movedTo: (pathText: String, libraryID: Int64)? = nil, searchText: SearchTextBatch? = nil, _ db: Connection
    ) throws -> Bool {
        let steady = try movedTo == nil && keepsIndexedColumns(id, record, folderID: folderID, albumID: albumID, db)
        let sql = UpdateSQL.statement(steady: steady, moved: movedTo != nil, searchLater: searchText != nil)
        try db.cachedStatement(SQL(sql: sql)).execute { arguments in
            bindValues(record, folderID: folderID, albumID: albumID, now: now, &arguments)
            if let movedTo {
                arguments.bind(movedTo.pathText)
                arguments.bind(movedTo.libraryID)
            }
            arguments.bind(id)
        }
        guard db.changes == 1 else { return false }
        searchText?.add(id: id, folds: record.folds)
        return true
    }

    /// Binds `valueColumns` in order.
    private static func bindValues(_ record: TrackRecord, folderID: Int64, albumID: Int64?, now: Int64, _ arguments: inout ArgumentBinder) {
        let (metadata, file, folds) = (record.metadata, record.file, record.folds)
        arguments.bind(folderID)
        arguments.bind(file.path.bytes)
        arguments.bind(file.size)
        arguments.bind(file.mtimeNs)
        arguments.bind(file.ctimeNs)
        arguments.bind(Int64(bitPattern: file.inode))
        arguments.bind(metadata.audio.format)
        arguments.bind(max(0, metadata.audio.durationMs))
        arguments.bind(metadata.audio.bitrate.map { max(0, $0) })
        arguments.bind(metadata.audio.sampleRate)
        arguments.bind(metadata.audio.channels)
        arguments.bind(metadata.audio.bitDepth)
        arguments.bind(record.title)
        arguments.bind(metadata.titleSort)
        arguments.bind(record.artist)
        arguments.bind(record.artistsJSON)
        arguments.bind(metadata.artistSort)
        arguments.bind(record.albumArtist)
        arguments.bind(record.albumArtistsJSON)
        arguments.bind(metadata.albumArtistSort)
        arguments.bind(metadata.album)
        arguments.bind(metadata.albumSort)
        arguments.bind(albumID)
        arguments.bind(metadata.trackNumber)
        arguments.bind(metadata.trackTotal)
        arguments.bind(metadata.discNumber)
        arguments.bind(metadata.discTotal)
        arguments.bind(metadata.date)
        arguments.bind(metadata.year)
        arguments.bind(metadata.originalDate)
        arguments.bind(metadata.originalYear)
        arguments.bind(record.genre)
        arguments.bind(record.genresJSON)
        arguments.bind(metadata.composer)
        arguments.bind(metadata.comment)
        arguments.bind(metadata.compilation)
        arguments.bind(metadata.bpm)
        arguments.bind(metadata.musicBrainz.recordingID)
        arguments.bind(metadata.musicBrainz.trackID)
        arguments.bind(metadata.musicBrainz.albumID)
        arguments.bind(metadata.musicBrainz.releaseGroupID)
        arguments.bind(metadata.musicBrainz.artistID)
        arguments.bind(metadata.musicBrainz.albumArtistID)
        arguments.bind(metadata.replayGain.trackGain)
        arguments.bind(metadata.replayGain.trackPeak)
        arguments.bind(metadata.replayGain.albumGain)
        arguments.bind(metadata.replayGain.albumPeak)
        arguments.bind(metadata.audio.hasCoverArt)
        arguments.bind(record.otherTagsJSON)
        arguments.bind(folds.title)
        arguments.bind(folds.artist)
        arguments.bind(folds.albumArtist)
        arguments.bind(folds.album)
        arguments.bind(folds.genre)
        arguments.bind(folds.composer)
        arguments.bind(folds.comment)
        arguments.bind(record.fingerprint)
        arguments.bind(metadata.damage)
        arguments.bind(now)
    }

    /// Inserts a new row, or nothing when the (library, path text) slot is taken.
    private static let insertSQL = SQL(sql: """
        INSERT INTO track (library_id, path_text, \(valueColumns.joined(separator: ", ")), added_at, added_scan)
        VALUES (\(Array(repeating: "?", count: valueColumns.count + 4).joined(separator: ", ")))
        ON CONFLICT (library_id, path_text) DO NOTHING
        """)

    /// Whether the present row `id` already has the folder, album, year and format the
    /// record gives it: then the steady statements can leave their indexes alone.
    private static func keepsIndexedColumns(_ id: Int64, _ record: TrackRecord, folderID: Int64, albumID: Int64?, _ db: Connection) throws -> Bool {
        var keeps = false
        try db.forEach("SELECT folder_id, album_id, year, format FROM track WHERE id = \(id) AND missing_since IS NULL") { s in
            keeps = s["folder_id"] == folderID && s["album_id"] == albumID && s["year"] == record.metadata.year
                && s["format"] == record.metadata.audio.format
        }
        return keeps
    }

    /// The UPDATE statements `update` runs, built once.
    private enum UpdateSQL {
        /// The columns whose (non-partial) indexes a retag rarely changes: SQLite rewrites
        /// the entries of every index over a column an UPDATE sets, even to the same value,
        /// so leaving them out when they keep their values spares four index pages a
        /// retagged track (and their share of the log and its checkpoints).
        static let steadyColumns: Set<String> = ["folder_id", "album_id", "year", "format"]

        /// The columns the search index holds: its trigger reindexes a track when an
        /// UPDATE changes one of them.
        static let searchedColumns: Set<String> = [
            "title_fold", "artist_fold", "album_fold", "album_artist_fold", "composer_fold", "genre_fold",
        ]

        /// By `key`: every combination `update` uses (a moved row is never steady).
        private static let statements: [Int: String] = {
            var result: [Int: String] = [:]
            for steady in [false, true] {
                for moved in [false, true] where !(steady && moved) {
                    for searchLater in [false, true] {
                        result[key(steady, moved, searchLater)] = build(steady: steady, moved: moved, searchLater: searchLater)
                    }
                }
            }
            return result
        }()

        /// Rewrites a row's values and marks it present, keeping its id and added-at; a moved
        /// row takes a new path text and library too. `steady` (a present row that keeps its
        /// `steadyColumns`) leaves those out, `searchLater` the `searchedColumns`.
        static func statement(steady: Bool, moved: Bool, searchLater: Bool) -> String {
            statements[key(steady, moved, searchLater)] ?? build(steady: steady, moved: moved, searchLater: searchLater)
        }

        private static func key(_ steady: Bool, _ moved: Bool, _ searchLater: Bool) -> Int {
            (steady ? 4 : 0) + (moved ? 2 : 0) + (searchLater ? 1 : 0)
        }

        /// Numbered parameters keep `bindValues`' positions whatever columns are left out;
        /// then the moved row's path text and library, then the id.
        private static func build(steady: Bool, moved: Bool, searchLater: Bool) -> String {
            let left = (steady ? steadyColumns : []).union(searchLater ? searchedColumns : [])
            var sets = TrackStore.valueColumns.enumerated().filter { !left.contains($0.element) }
                .map { "\($0.element) = ?\($0.offset + 1)" }
            var next = TrackStore.valueColumns.count + 1
            if moved {
                sets += ["path_text = ?\(next)", "library_id = ?\(next + 1)"]
                next += 2
            }
            // A steady row is known to be present.
            if !steady { sets.append("missing_since = NULL") }
            return "UPDATE track SET \(sets.joined(separator: ", ")) WHERE id = ?\(next)"
        }
    }

    /// The columns `save` writes on every insert or update (besides the library and path
    /// text, which identify the row), in `bindValues`' order.
    static let valueColumns: [String] = [
        "folder_id", "path", "file_size", "mtime_ns", "ctime_ns", "inode",
        "format", "duration_ms", "bitrate", "sample_rate", "channels", "bit_depth", "title",
        "title_sort", "artist", "artists", "artist_sort", "album_artist", "album_artists",
        "album_artist_sort", "album", "album_sort", "album_id", "track_number", "track_total",
        "disc_number", "disc_total", "date", "year", "original_date", "original_year", "genre",
        "genres", "composer", "comment", "compilation", "bpm", "mb_recording_id", "mb_track_id",
        "mb_album_id", "mb_release_group_id", "mb_artist_id", "mb_album_artist_id",
        "rg_track_gain", "rg_track_peak", "rg_album_gain", "rg_album_peak", "has_cover",
        "other_tags", "title_fold", "artist_fold", "album_artist_fold", "album_fold",
        "genre_fold", "composer_fold", "comment_fold", "fingerprint", "damage", "updated_at",
    ]

    /// Adds the tracks `ids` (just inserted by `save`) to the search index.
    package static func indexForSearch(ids: [Int64], _ db: Connection) throws {
        guard !ids.isEmpty else { return }
        try db.execute("""
            INSERT INTO track_search (rowid, title_fold, artist_fold, album_fold, album_artist_fold, composer_fold, genre_fold)
            SELECT id, title_fold, artist_fold, album_fold, album_artist_fold, composer_fold, genre_fold
            FROM track WHERE id IN (SELECT value FROM json_each(\(JSONText.encode(ids: ids))))
            """)
    }

    /// Sets the searched columns `searchText` holds, in one statement, and empties it: the
    /// search index's trigger reindexes each track whose text changed, all within that one
    /// statement. Row by row, each statement after a reindex made FTS5 write its pending
    /// terms as a new segment (and merge segments), which cost more than the rows' writes.
    package static func setSearchText(_ searchText: SearchTextBatch, _ db: Connection) throws {
        guard !searchText.isEmpty else { return }
        try db.execute("""
            UPDATE track SET title_fold = json_extract(value, '$[1]'), artist_fold = json_extract(value, '$[2]'),
                album_fold = json_extract(value, '$[3]'), album_artist_fold = json_extract(value, '$[4]'),
                composer_fold = json_extract(value, '$[5]'), genre_fold = json_extract(value, '$[6]')
            FROM json_each(\(searchText.json)) WHERE track.id = json_extract(value, '$[0]')
            """)
        searchText.removeAll()
    }

    /// How many present tracks a library has under `scope`.
    package static func presentCount(libraryID: Int64, under scope: RawPath, _ db: Connection) throws -> Int {
        let prefix = scope.folderPrefix
        return try db.scalar("""
            SELECT count(*) FROM track
            WHERE library_id = \(libraryID) AND missing_since IS NULL AND substr(path_text, 1, length(\(prefix))) = \(prefix)
            """) ?? 0
    }

    /// Marks tracks missing (keeping their rows and playlist entries).
    package static func markMissing(ids: [Int64], now: Date, _ db: Connection) throws {
        let statement = try db.cachedStatement("UPDATE track SET missing_since = ? WHERE id = ? AND missing_since IS NULL")
        for id in ids {
            try statement.execute { arguments in
                arguments.bind(Int64(now.timeIntervalSince1970))
                arguments.bind(id)
            }
        }
    }

    /// Marks missing the present tracks of the folders `ids` (folders that are gone); returns
    /// the ids of the tracks marked.
    package static func markMissing(inFolders ids: [Int64], now: Date, _ db: Connection) throws -> [Int64] {
        guard !ids.isEmpty else { return [] }
        return try db.values("""
            UPDATE track SET missing_since = \(Int64(now.timeIntervalSince1970))
            WHERE missing_since IS NULL AND folder_id IN (SELECT value FROM json_each(\(JSONText.encode(ids: ids)))) RETURNING id
            """)
    }

    /// Marks a missing track present again (its file is back, unchanged).
    package static func markPresent(id: Int64, _ db: Connection) throws {
        try db.execute("UPDATE track SET missing_since = NULL WHERE id = \(id)")
    }
}
