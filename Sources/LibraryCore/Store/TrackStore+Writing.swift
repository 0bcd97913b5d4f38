import Foundation

/// A track row as the scanner needs it to decide what changed.
public struct StoredFile: Sendable, Equatable {
    public var id: Int64
    public var pathText: String
    public var size: Int64
    public var mtimeNs: Int64
    public var ctimeNs: Int64
    public var isMissing: Bool
}

extension TrackStore {
    /// The tracks recorded in one folder of a library.
    public static func storedFiles(libraryID: Int64, folder: RawPath, _ db: Connection) throws -> [StoredFile] {
        let statement = try db.cachedStatement("""
            SELECT t.id, t.path_text, t.file_size, t.mtime_ns, t.ctime_ns, t.missing_since
            FROM folder f JOIN track t ON t.folder_id = f.id
            WHERE f.library_id = ? AND f.path_text = ?
            """)
        var result: [StoredFile] = []
        try statement.forEach([libraryID, folder.text]) { s in
            result.append(StoredFile(
                id: s.column(0) ?? 0, pathText: s.column(1) ?? "", size: s.column(2) ?? 0,
                mtimeNs: s.column(3) ?? 0, ctimeNs: s.column(4) ?? 0, isMissing: s.value(at: 5) != .null))
        }
        return result
    }

    /// Inserts or updates the track at `file.path`, keeping its id and added-at; returns its id.
    /// `fingerprint` identifies the audio content (see the scanner's ContentFingerprint);
    /// `generation` is the scan that adds the row, recorded only on insert.
    public static func save(
        _ metadata: TrackMetadata, file: FileFacts, fingerprint: String?, libraryID: Int64, folderID: Int64,
        albumID: Int64?, generation: Int64, now: Date, _ db: Connection
    ) throws -> Int64 {
        let title = metadata.title ?? file.path.stem
        let artist = Track.display(metadata.artists)
        let albumArtist = Track.display(metadata.albumArtists)
        let genre = metadata.genres.isEmpty ? nil : metadata.genres.joined(separator: "; ")
        let seconds = Int64(now.timeIntervalSince1970)
        let values: [(String, any DatabaseValueConvertible)] = [
            ("library_id", libraryID), ("folder_id", folderID), ("path", file.path.bytes),
            ("path_text", file.path.text), ("file_size", file.size), ("mtime_ns", file.mtimeNs),
            ("ctime_ns", file.ctimeNs), ("inode", Int64(bitPattern: file.inode)),
            ("format", metadata.format), ("duration_ms", max(0, metadata.durationMs)),
            ("bitrate", metadata.bitrate.map { max(0, $0) }), ("sample_rate", metadata.sampleRate),
            ("channels", metadata.channels), ("bit_depth", metadata.bitDepth),
            ("title", title), ("title_sort", metadata.titleSort), ("artist", artist),
            ("artists", JSONText.encode(metadata.artists)), ("artist_sort", metadata.artistSort),
            ("album_artist", albumArtist), ("album_artists", JSONText.encode(metadata.albumArtists)),
            ("album_artist_sort", metadata.albumArtistSort), ("album", metadata.album),
            ("album_sort", metadata.albumSort), ("album_id", albumID),
            ("track_number", metadata.trackNumber), ("track_total", metadata.trackTotal),
            ("disc_number", metadata.discNumber), ("disc_total", metadata.discTotal),
            ("date", metadata.date), ("year", metadata.year), ("original_date", metadata.originalDate),
            ("original_year", metadata.originalYear), ("genre", genre),
            ("genres", JSONText.encode(metadata.genres)), ("composer", metadata.composer),
            ("comment", metadata.comment), ("compilation", metadata.compilation), ("bpm", metadata.bpm),
            ("mb_recording_id", metadata.musicBrainz.recordingID), ("mb_track_id", metadata.musicBrainz.trackID),
            ("mb_album_id", metadata.musicBrainz.albumID), ("mb_release_group_id", metadata.musicBrainz.releaseGroupID),
            ("mb_artist_id", metadata.musicBrainz.artistID), ("mb_album_artist_id", metadata.musicBrainz.albumArtistID),
            ("rg_track_gain", metadata.replayGain.trackGain), ("rg_track_peak", metadata.replayGain.trackPeak),
            ("rg_album_gain", metadata.replayGain.albumGain), ("rg_album_peak", metadata.replayGain.albumPeak),
            ("has_cover", metadata.hasCoverArt), ("other_tags", JSONText.encode(metadata.otherTags)),
            ("title_fold", TextFold.fold(title)), ("artist_fold", TextFold.fold(metadata.artists.joined(separator: "\u{1F}"))),
            ("album_artist_fold", TextFold.fold(metadata.albumArtists.joined(separator: "\u{1F}"))),
            ("album_fold", TextFold.fold(metadata.album ?? "")),
            ("genre_fold", TextFold.fold(metadata.genres.joined(separator: "\u{1F}"))),
            ("composer_fold", TextFold.fold(metadata.composer ?? "")),
            ("comment_fold", TextFold.fold(metadata.comment ?? "")),
            ("fingerprint", fingerprint), ("updated_at", seconds),
        ]
        let id: Int64? = try db.scalar(upsertSQL, values.map(\.1) + [seconds, generation])
        return id ?? db.lastInsertedRowID
    }

    /// Built once from constant column names; every value is a parameter.
    private static let upsertSQL: String = {
        let columns = savedColumns
        let updates = columns.filter { $0 != "library_id" && $0 != "path_text" }
            .map { "\($0) = excluded.\($0)" } + ["missing_since = NULL"]
        return """
            INSERT INTO track (\(columns.joined(separator: ", ")), added_at, added_scan)
            VALUES (\(Array(repeating: "?", count: columns.count + 2).joined(separator: ", ")))
            ON CONFLICT (library_id, path_text) DO UPDATE SET \(updates.joined(separator: ", "))
            RETURNING id
            """
    }()

    /// The columns `save` writes on every insert or update, in its values' order.
    static let savedColumns: [String] = {
        [
            "library_id", "folder_id", "path", "path_text", "file_size", "mtime_ns", "ctime_ns", "inode",
            "format", "duration_ms", "bitrate", "sample_rate", "channels", "bit_depth", "title",
            "title_sort", "artist", "artists", "artist_sort", "album_artist", "album_artists",
            "album_artist_sort", "album", "album_sort", "album_id", "track_number", "track_total",
            "disc_number", "disc_total", "date", "year", "original_date", "original_year", "genre",
            "genres", "composer", "comment", "compilation", "bpm", "mb_recording_id", "mb_track_id",
            "mb_album_id", "mb_release_group_id", "mb_artist_id", "mb_album_artist_id",
            "rg_track_gain", "rg_track_peak", "rg_album_gain", "rg_album_peak", "has_cover",
            "other_tags", "title_fold", "artist_fold", "album_artist_fold", "album_fold",
            "genre_fold", "composer_fold", "comment_fold", "fingerprint", "updated_at",
        ]
    }()

    /// How many present tracks a library has under `scope`.
    public static func presentCount(libraryID: Int64, under scope: RawPath, _ db: Connection) throws -> Int {
        let prefix = scope.folderPrefix
        return try db.scalar("""
            SELECT count(*) FROM track WHERE library_id = ? AND missing_since IS NULL AND substr(path_text, 1, length(?)) = ?
            """, [libraryID, prefix, prefix]) ?? 0
    }

    /// Marks tracks missing (keeping their rows and playlist entries).
    public static func markMissing(ids: [Int64], now: Date, _ db: Connection) throws {
        let statement = try db.cachedStatement("UPDATE track SET missing_since = ? WHERE id = ? AND missing_since IS NULL")
        for id in ids {
            try statement.execute([Int64(now.timeIntervalSince1970), id])
        }
    }

    /// Marks a missing track present again (its file is back, unchanged).
    public static func markPresent(id: Int64, _ db: Connection) throws {
        try db.execute("UPDATE track SET missing_since = NULL WHERE id = ?", [id])
    }

    /// Marks missing the present tracks of folders the scan of `generation` did not see,
    /// limited to folders under `scope`; returns how many were marked.
    public static func markMissingInUnseenFolders(
        libraryID: Int64, generation: Int64, scope: RawPath, now: Date, _ db: Connection
    ) throws -> Int {
        let prefix = scope.folderPrefix
        try db.execute("""
            UPDATE track SET missing_since = ?
            WHERE missing_since IS NULL AND folder_id IN (
                SELECT id FROM folder
                WHERE library_id = ? AND last_seen_scan < ?
                  AND (path_text = ? OR substr(path_text, 1, length(?)) = ?)
            )
            """, [Int64(now.timeIntervalSince1970), libraryID, generation, scope.text, prefix, prefix])
        let swept = db.changes
        // A folder that comes back must be compared file by file, not skipped as unchanged.
        try db.execute("""
            UPDATE folder SET fingerprint = NULL
            WHERE library_id = ? AND last_seen_scan < ? AND (path_text = ? OR substr(path_text, 1, length(?)) = ?)
            """, [libraryID, generation, scope.text, prefix, prefix])
        return swept
    }
}
