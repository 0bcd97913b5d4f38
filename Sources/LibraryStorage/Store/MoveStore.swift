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
        let matches = [
            ("track_missing_by_title", "o.title_fold = n.title_fold"),
            ("track_missing_by_album", "o.artist_fold = n.artist_fold AND o.album_fold = n.album_fold"),
        ]
        var branches = matches.map { index, match in
            """
            SELECT \(sideColumns("o")), \(sideColumns("n"))
            FROM track n CROSS JOIN track o INDEXED BY \(index)
              ON o.library_id IN (SELECT id FROM library) AND o.fingerprint = n.fingerprint AND o.missing_since IS NOT NULL AND \(match)
            WHERE n.library_id = ?1 AND n.added_scan > ?2 AND n.missing_since IS NULL AND n.fingerprint IS NOT NULL
            """
        }
        if since != nil {
            branches += matches.map { index, match in
                """
                SELECT \(sideColumns("o")), \(sideColumns("n"))
                FROM track n INDEXED BY track_by_added CROSS JOIN track o INDEXED BY \(index)
                  ON o.library_id = ?1 AND o.fingerprint = n.fingerprint AND o.missing_since IS NOT NULL AND \(match)
                WHERE n.added_at >= ?3 AND n.library_id <> ?1 AND n.missing_since IS NULL AND n.fingerprint IS NOT NULL
                """
            }
        }
        // CROSS JOIN keeps the new tracks outside: the other way round SQLite would scan every
        // recent track once per missing one.
        // Numbered parameters: each branch uses them again.
        let arguments: [DatabaseValue] = [.integer(libraryID), .integer(generation)] + (since.map { [.integer($0)] } ?? [])
        var pairs: [(MoveSide, MoveSide)] = []
        try db.forEach(SQL(sql: branches.joined(separator: "\nUNION\n"), arguments: arguments)) { s in
            pairs.append((side(s, "o"), side(s, "n")))
        }
        return pairs
    }

    /// The columns `side(_:_:)` reads, of the track aliased `t`: its id, title, artist and
    /// album folds, path text, file size and library, named `<t>_id`, `<t>_title_fold`...
    private static func sideColumns(_ t: String) -> String {
        ["id", "title_fold", "artist_fold", "album_fold", "path_text", "file_size", "library_id"]
            .map { "\(t).\($0) AS \(t)_\($0)" }.joined(separator: ", ")
    }

    /// The side of the track aliased `t` in the current row (see `sideColumns`).
    private static func side(_ s: Statement, _ t: String) -> MoveSide {
        MoveSide(
            id: s[t + "_id"] ?? 0, titleFold: s[t + "_title_fold"] ?? "", artistFold: s[t + "_artist_fold"] ?? "",
            albumFold: s[t + "_album_fold"] ?? "", pathText: s[t + "_path_text"] ?? "", fileSize: s[t + "_file_size"] ?? 0,
            libraryID: s[t + "_library_id"] ?? 0)
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
        let columns = "\(sideColumns("t")), t.path"
        let missing = """
            SELECT \(columns) FROM track t INDEXED BY track_missing_by_title
            WHERE library_id IN (SELECT id FROM library) AND fingerprint = ?1 AND missing_since IS NOT NULL AND title_fold = ?2
            UNION
            SELECT \(columns) FROM track t INDEXED BY track_missing_by_album
            WHERE library_id IN (SELECT id FROM library) AND fingerprint = ?1 AND missing_since IS NOT NULL
              AND artist_fold = ?3 AND album_fold = ?4
            """
        let elsewhere = """
            UNION
            SELECT \(columns) FROM track t INDEXED BY track_by_album_present
            WHERE album_id = ?5 AND missing_since IS NULL AND library_id <> ?6 AND fingerprint = ?1
            """
        let present = """
            UNION
            SELECT \(columns) FROM track t
            WHERE id IN (SELECT value FROM json_each(?7)) AND missing_since IS NULL AND fingerprint = ?1
              AND (title_fold = ?2 OR (artist_fold = ?3 AND album_fold = ?4))
            """
        var sql = missing
        if albumID != nil { sql += "\n" + elsewhere }
        if !presentIDs.isEmpty { sql += "\n" + present }
        var result: [(MoveSide, RawPath)] = []
        let folds = record.folds
        // Numbered parameters: the branches share them.
        var arguments: [DatabaseValue] = [.text(fingerprint), .text(folds.title), .text(folds.artist), .text(folds.album)]
        if albumID != nil || !presentIDs.isEmpty { arguments += [albumID.databaseValue, .integer(libraryID)] }
        if !presentIDs.isEmpty { arguments.append(.text(JSONText.encode(ids: presentIDs))) }
        try db.forEach(SQL(sql: sql, arguments: arguments)) { s in
            result.append((side(s, "t"), RawPath(bytes: s["path"] ?? [])))
        }
        guard !result.isEmpty else { return [] }
        let taken: Bool = try db.scalar("""
            SELECT EXISTS (SELECT 1 FROM track WHERE library_id = \(libraryID) AND path_text = \(record.pathText))
            """) ?? false
        return taken ? [] : result
    }

    /// The missing tracks (of any library: two library roots may share a file system) whose
    /// file had `file`'s inode, size and mtime: `file` is then that file, renamed or moved
    /// within its file system, and need not be read. With their last paths, lowest id first.
    package static func renamedFrom(_ file: FileFacts, _ db: Connection) throws -> [(id: Int64, path: RawPath)] {
        var result: [(Int64, RawPath)] = []
        try db.forEach("""
            SELECT id, path FROM track INDEXED BY track_missing_by_inode
            WHERE library_id IN (SELECT id FROM library) AND inode = \(Int64(bitPattern: file.inode)) AND missing_since IS NOT NULL
              AND file_size = \(file.size) AND mtime_ns = \(file.mtimeNs)
            ORDER BY id
            """) { s in
            if let id: Int64 = s["id"], let bytes: [UInt8] = s["path"] { result.append((id, RawPath(bytes: bytes))) }
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
            let key = RenameKey(inode: UInt64(bitPattern: s["inode"] ?? 0), size: s["file_size"] ?? 0, mtimeNs: s["mtime_ns"] ?? 0)
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
            if let fingerprint: String = s["fingerprint"] {
                result[fingerprint, default: []].append(
                    PresentTrack(id: id, titleFold: s["title_fold"] ?? "", artistFold: s["artist_fold"] ?? "", albumFold: s["album_fold"] ?? ""))
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

    /// Calls `body` with the id and the row (holding `columns` too) of each present track of
    /// the folders `ids`, lowest id first.
    private static func forEachPresentTrack(
        inFolders ids: [Int64], columns: String, _ db: Connection, _ body: (Int64, Statement) throws -> Void
    ) throws {
        guard !ids.isEmpty else { return }
        try db.makeStatement("""
            SELECT id, \(sql: columns) FROM track
            WHERE folder_id IN (SELECT value FROM json_each(\(JSONText.encode(ids: ids)))) AND missing_since IS NULL ORDER BY id
            """).forEach { s in try body(s["id"] ?? 0, s) }
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
            UPDATE OR IGNORE track SET folder_id = \(folderID), path = \(file.path.bytes), path_text = \(file.path.text),
                ctime_ns = \(file.ctimeNs), updated_at = \(Int64(now.timeIntervalSince1970))
            WHERE id = \(id) AND library_id = \(libraryID) AND missing_since IS NULL
            """)
        if db.changes == 1 { return true }
        try db.execute("""
            UPDATE OR IGNORE track SET library_id = \(libraryID), folder_id = \(folderID), path = \(file.path.bytes),
                path_text = \(file.path.text), ctime_ns = \(file.ctimeNs), missing_since = NULL,
                updated_at = \(Int64(now.timeIntervalSince1970))
            WHERE id = \(id)
            """)
        return db.changes == 1
    }

    /// The generation of the library's last scan that ran to the end.
    package static func completedGeneration(libraryID: Int64, _ db: Connection) throws -> Int64 {
        try db.scalar("SELECT completed_generation FROM library WHERE id = \(libraryID)") ?? 0
    }

    /// Records that the scan of `generation` ran to the end.
    package static func complete(libraryID: Int64, generation: Int64, _ db: Connection) throws {
        try db.execute("UPDATE library SET completed_generation = \(generation) WHERE id = \(libraryID)")
    }
}
