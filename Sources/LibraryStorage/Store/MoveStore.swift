import Foundation
import LibraryCore

/// One side of a possible move: what the scanner compares to decide which track moved where.
package struct MoveSide: Sendable, Equatable {
    package var id: Int64
    package var titleFold: String
    package var artistFold: String
    package var albumFold: String
    package var pathText: String
    package var fileSize: Int64
    /// The library the track is in.
    package var libraryID: Int64

    package init(id: Int64, titleFold: String, artistFold: String, albumFold: String, pathText: String, fileSize: Int64, libraryID: Int64 = 0) {
        self.id = id
        self.titleFold = titleFold
        self.artistFold = artistFold
        self.albumFold = albumFold
        self.pathText = pathText
        self.fileSize = fileSize
        self.libraryID = libraryID
    }

    /// The side of a file just read into the library `libraryID`: no id yet.
    package init(record: TrackRecord, libraryID: Int64) {
        self.init(
            id: 0, titleFold: record.folds.title, artistFold: record.folds.artist, albumFold: record.folds.album,
            pathText: record.pathText, fileSize: record.file.size, libraryID: libraryID)
    }

    /// The last path component.
    package var fileName: Substring { pathText[(pathText.lastIndex(of: "/").map { pathText.index(after: $0) } ?? pathText.startIndex)...] }
}

/// SQL for recognising moved files: a missing track and a track added since the last
/// completed scan with the same content fingerprint are candidates for being one file.
package enum MoveStore {
    /// Candidate pairs (missing, newly added) with equal fingerprints that also agree on the
    /// title, or on artist and album. (Size is no filter: taggers pad tags to round sizes,
    /// so unrelated copies of the same audio often share it. A file moved and retagged in
    /// title, artist and album at once is not recognised.) New tracks are those the library
    /// `libraryID` added after scan `generation`, paired with missing tracks of every
    /// library; and, when `since` is given (seconds), those other libraries added since then,
    /// paired with this library's missing tracks, so that a move between libraries is found
    /// whichever library is synced first.
    package static func candidates(
        libraryID: Int64, addedAfter generation: Int64, otherLibrariesSince since: Int64? = nil, _ db: Connection
    ) throws -> [(old: MoveSide, new: MoveSide)] {
        let columns = { (t: String) in "\(t).id, \(t).title_fold, \(t).artist_fold, \(t).album_fold, \(t).path_text, \(t).file_size, \(t).library_id" }
        let matches = [
            ("track_missing_by_title", "o.title_fold = n.title_fold"),
            ("track_missing_by_album", "o.artist_fold = n.artist_fold AND o.album_fold = n.album_fold"),
        ]
        var branches = matches.map { index, match in
            """
            SELECT \(columns("o")), \(columns("n"))
            FROM track n CROSS JOIN track o INDEXED BY \(index)
              ON o.library_id IN (SELECT id FROM library) AND o.fingerprint = n.fingerprint AND o.missing_since IS NOT NULL AND \(match)
            WHERE n.library_id = ?1 AND n.added_scan > ?2 AND n.missing_since IS NULL AND n.fingerprint IS NOT NULL
            """
        }
        if since != nil {
            branches += matches.map { index, match in
                """
                SELECT \(columns("o")), \(columns("n"))
                FROM track n INDEXED BY track_by_added CROSS JOIN track o INDEXED BY \(index)
                  ON o.library_id = ?1 AND o.fingerprint = n.fingerprint AND o.missing_since IS NOT NULL AND \(match)
                WHERE n.added_at >= ?3 AND n.library_id <> ?1 AND n.missing_since IS NULL AND n.fingerprint IS NOT NULL
                """
            }
        }
        // CROSS JOIN keeps the new tracks outside: the other way round SQLite would scan every
        // recent track once per missing one.
        let statement = try db.cachedStatement(branches.joined(separator: "\nUNION\n"))
        var pairs: [(MoveSide, MoveSide)] = []
        let arguments: [any DatabaseValueConvertible] = since.map { [libraryID, generation, $0] } ?? [libraryID, generation]
        try statement.forEach(arguments) { s in
            pairs.append((side(s, at: 0), side(s, at: 7)))
        }
        return pairs
    }

    /// The side in the row's columns from `offset` on: id, title, artist and album folds,
    /// path text, file size and library.
    private static func side(_ s: Statement, at offset: Int) -> MoveSide {
        MoveSide(
            id: s.column(offset) ?? 0, titleFold: s.column(offset + 1) ?? "", artistFold: s.column(offset + 2) ?? "",
            albumFold: s.column(offset + 3) ?? "", pathText: s.column(offset + 4) ?? "", fileSize: s.column(offset + 5) ?? 0,
            libraryID: s.column(offset + 6) ?? 0)
    }

    /// Whether any library has a missing track, i.e. whether a new file could be one that
    /// moved (within its library or from another one).
    package static func hasMissing(_ db: Connection) throws -> Bool {
        try db.scalar("SELECT EXISTS (SELECT 1 FROM track INDEXED BY track_missing WHERE missing_since IS NOT NULL)") ?? false
    }

    /// The tracks that `record`, a file with no row yet in the library `libraryID`, may be
    /// the moved file of, with the path each was last seen at: missing tracks of any library
    /// with the same fingerprint and title, or the same fingerprint, artist and album (as in
    /// `candidates`); and, given the record's `albumID`, present tracks of other libraries
    /// in that album with the same fingerprint (their library not synced since the move:
    /// the caller checks their files are gone). Empty when another row already holds the
    /// record's path text (another spelling of the same path).
    ///
    /// `presentIDs` adds present tracks to weigh as well, under the same rule as missing
    /// ones: the tracks of folders the scan found gone, which it marks missing only at its end.
    package static func claimCandidates(
        _ record: TrackRecord, libraryID: Int64, albumID: Int64? = nil, presentIDs: [Int64] = [], _ db: Connection
    ) throws -> [(side: MoveSide, path: RawPath)] {
        guard let fingerprint = record.fingerprint else { return [] }
        let columns = "id, title_fold, artist_fold, album_fold, path_text, file_size, library_id, path"
        let missing = """
            SELECT \(columns) FROM track INDEXED BY track_missing_by_title
            WHERE library_id IN (SELECT id FROM library) AND fingerprint = ?1 AND missing_since IS NOT NULL AND title_fold = ?2
            UNION
            SELECT \(columns) FROM track INDEXED BY track_missing_by_album
            WHERE library_id IN (SELECT id FROM library) AND fingerprint = ?1 AND missing_since IS NOT NULL
              AND artist_fold = ?3 AND album_fold = ?4
            """
        let elsewhere = """
            UNION
            SELECT \(columns) FROM track INDEXED BY track_by_album_present
            WHERE album_id = ?5 AND missing_since IS NULL AND library_id <> ?6 AND fingerprint = ?1
            """
        let present = """
            UNION
            SELECT \(columns) FROM track
            WHERE id IN (SELECT value FROM json_each(?7)) AND missing_since IS NULL AND fingerprint = ?1
              AND (title_fold = ?2 OR (artist_fold = ?3 AND album_fold = ?4))
            """
        var sql = missing
        if albumID != nil { sql += "\n" + elsewhere }
        if !presentIDs.isEmpty { sql += "\n" + present }
        let statement = try db.cachedStatement(sql)
        var result: [(MoveSide, RawPath)] = []
        let folds = record.folds
        var arguments: [any DatabaseValueConvertible] = [fingerprint, folds.title, folds.artist, folds.album]
        if albumID != nil || !presentIDs.isEmpty { arguments += [albumID, libraryID] }
        if !presentIDs.isEmpty { arguments.append(JSONText.encode(ids: presentIDs)) }
        try statement.forEach(arguments) { s in
            result.append((side(s, at: 0), RawPath(bytes: s.column(7) ?? [])))
        }
        guard !result.isEmpty else { return [] }
        let taken: Bool = try db.scalar(
            "SELECT EXISTS (SELECT 1 FROM track WHERE library_id = ? AND path_text = ?)", [libraryID, record.pathText]) ?? false
        return taken ? [] : result
    }

    /// The missing tracks (of any library: two library roots may share a file system) whose
    /// file had `file`'s inode, size and mtime: `file` is then that file, renamed or moved
    /// within its file system, and need not be read. With their last paths, lowest id first.
    package static func renamedFrom(_ file: FileFacts, _ db: Connection) throws -> [(id: Int64, path: RawPath)] {
        let statement = try db.cachedStatement("""
            SELECT id, path FROM track INDEXED BY track_missing_by_inode
            WHERE library_id IN (SELECT id FROM library) AND inode = ? AND missing_since IS NOT NULL AND file_size = ? AND mtime_ns = ?
            ORDER BY id
            """)
        var result: [(Int64, RawPath)] = []
        try statement.forEach([Int64(bitPattern: file.inode), file.size, file.mtimeNs]) { s in
            if let id: Int64 = s.column(0), let bytes: [UInt8] = s.column(1) { result.append((id, RawPath(bytes: bytes))) }
        }
        return result
    }

    /// What a file keeps when it is renamed or moved within its file system.
    package struct RenameKey: Hashable, Sendable {
        package var inode: UInt64
        package var size: Int64
        package var mtimeNs: Int64

        package init(_ file: FileFacts) {
            (inode, size, mtimeNs) = (file.inode, file.size, file.mtimeNs)
        }

        init(inode: UInt64, size: Int64, mtimeNs: Int64) {
            (self.inode, self.size, self.mtimeNs) = (inode, size, mtimeNs)
        }
    }

    /// The present tracks of the folders `ids` by what a rename keeps (the lowest id when
    /// hard links share it): a scan that found those folders gone recognises their files
    /// among its new ones without marking the tracks missing first.
    package static func presentFiles(inFolders ids: [Int64], _ db: Connection) throws -> [RenameKey: Int64] {
        var result: [RenameKey: Int64] = [:]
        try forEachPresentTrack(inFolders: ids, columns: "inode, file_size, mtime_ns", db) { id, s in
            let key = RenameKey(inode: UInt64(bitPattern: s.column(1) ?? 0), size: s.column(2) ?? 0, mtimeNs: s.column(3) ?? 0)
            if result[key] == nil { result[key] = id }
        }
        return result
    }

    /// A present track of a gone folder, with what a file moved from it must agree on.
    package struct PresentTrack: Sendable, Equatable {
        package var id: Int64
        var titleFold, artistFold, albumFold: String
    }

    /// The present tracks of the folders `ids` by content fingerprint (see `presentFiles`).
    package static func presentFingerprints(inFolders ids: [Int64], _ db: Connection) throws -> [String: [PresentTrack]] {
        var result: [String: [PresentTrack]] = [:]
        try forEachPresentTrack(inFolders: ids, columns: "fingerprint, title_fold, artist_fold, album_fold", db) { id, s in
            if let fingerprint: String = s.column(1) {
                result[fingerprint, default: []].append(
                    PresentTrack(id: id, titleFold: s.column(2) ?? "", artistFold: s.column(3) ?? "", albumFold: s.column(4) ?? ""))
            }
        }
        return result
    }

    /// The ids of those of `tracks` (sharing `record`'s fingerprint) that agree with it on
    /// the title, or on the artist and album: the ones `claimCandidates` would return, found
    /// before asking SQL (many files can share one recording's audio).
    package static func agreeing(_ tracks: [PresentTrack], with record: TrackRecord) -> [Int64] {
        let folds = record.folds
        return tracks.filter { $0.titleFold == folds.title || ($0.artistFold == folds.artist && $0.albumFold == folds.album) }.map(\.id)
    }

    /// Calls `body` with the id (column 0) and `columns` (from 1) of each present track of
    /// the folders `ids`, lowest id first.
    private static func forEachPresentTrack(
        inFolders ids: [Int64], columns: String, _ db: Connection, _ body: (Int64, Statement) throws -> Void
    ) throws {
        guard !ids.isEmpty else { return }
        try db.makeStatement("""
            SELECT id, \(columns) FROM track
            WHERE folder_id IN (SELECT value FROM json_each(?)) AND missing_since IS NULL ORDER BY id
            """).forEach([JSONText.encode(ids: ids)]) { s in try body(s.column(0) ?? 0, s) }
    }

    /// Moves the track `id` to `file` (a rename: see `renamedFrom`) in folder `folderID` of
    /// library `libraryID`, marking it present; its tags, links and search entry stay as they
    /// are (so do its inode, size and mtime, which the rename matched on: not rewriting them
    /// spares their indexes). False when another row holds the new path.
    package static func moveFile(id: Int64, to file: FileFacts, libraryID: Int64, folderID: Int64, now: Date, _ db: Connection) throws -> Bool {
        // A present track of the same library (its folder renamed or moved within it) keeps
        // its library and presence: leaving them out of the update spares the ten indexes
        // that hold them, which were most of a rescan's writing.
        try db.execute("""
            UPDATE OR IGNORE track SET folder_id = ?, path = ?, path_text = ?, ctime_ns = ?, updated_at = ?
            WHERE id = ? AND library_id = ? AND missing_since IS NULL
            """, [folderID, file.path.bytes, file.path.text, file.ctimeNs, Int64(now.timeIntervalSince1970), id, libraryID])
        if db.changes == 1 { return true }
        try db.execute("""
            UPDATE OR IGNORE track SET library_id = ?, folder_id = ?, path = ?, path_text = ?, ctime_ns = ?, missing_since = NULL,
                updated_at = ?
            WHERE id = ?
            """, [libraryID, folderID, file.path.bytes, file.path.text, file.ctimeNs, Int64(now.timeIntervalSince1970), id])
        return db.changes == 1
    }

    /// The generation of the library's last scan that ran to the end.
    package static func completedGeneration(libraryID: Int64, _ db: Connection) throws -> Int64 {
        try db.scalar("SELECT completed_generation FROM library WHERE id = ?", [libraryID]) ?? 0
    }

    /// Records that the scan of `generation` ran to the end.
    package static func complete(libraryID: Int64, generation: Int64, _ db: Connection) throws {
        try db.execute("UPDATE library SET completed_generation = ? WHERE id = ?", [generation, libraryID])
    }
}
