import CSQLite
import LibraryCore

/// SQL for the `folder` table: one row per directory the scanner has walked.
package enum FolderStore {
    /// Records the listing of `path` by the scan of `generation` (a new or changed folder:
    /// unchanged ones are not written), with whether a cover image file is in it; returns
    /// the folder's id.
    package static func markSeen(
        libraryID: Int64, path: RawPath, mtimeNs: Int64, fingerprint: Int64?, hasCoverImage: Bool, generation: Int64,
        _ db: Connection
    ) throws -> Int64 {
        let id: Int64? = try db.scalar("""
            INSERT INTO folder (library_id, path, path_text, mtime_ns, fingerprint, has_cover_image, last_seen_scan)
            VALUES (\(libraryID), \(path.bytes), \(path.text), \(mtimeNs), \(fingerprint), \(hasCoverImage), \(generation))
            ON CONFLICT (library_id, path_text) DO UPDATE SET
                path = excluded.path, mtime_ns = excluded.mtime_ns, fingerprint = excluded.fingerprint,
                has_cover_image = excluded.has_cover_image, last_seen_scan = excluded.last_seen_scan
            RETURNING id
            """)
        return id ?? db.lastInsertedRowID
    }

    /// A folder row as a scan left it: its id and content fingerprint (nil when the folder
    /// must be compared file by file).
    package struct Stored: Sendable, Equatable {
        package var id: Int64
        package var fingerprint: Int64?

        package init(id: Int64, fingerprint: Int64?) {
            self.id = id
            self.fingerprint = fingerprint
        }
    }

    /// The folders of a library under `scope` (itself included), by path text.
    package static func stored(libraryID: Int64, under scope: RawPath, _ db: Connection) throws -> [String: Stored] {
        let prefix = scope.folderPrefix
        var result: [String: Stored] = [:]
        try db.makeStatement("""
            SELECT path_text, id, fingerprint FROM folder
            WHERE library_id = \(libraryID) AND (path_text = \(scope.text) OR substr(path_text, 1, length(\(prefix))) = \(prefix))
            """).forEach { s in
            if let text: String = s["path_text"], let id: Int64 = s["id"] {
                result[text] = Stored(id: id, fingerprint: s["fingerprint"])
            }
        }
        return result
    }

    /// Calls `body` with each folder of a library under `scope` (itself included): its path
    /// text as UTF-8 bytes (valid only during the call), id and fingerprint. Nothing is
    /// copied per row, so a scan can index a million folders in a few megabytes.
    package static func forEachStored(
        libraryID: Int64, under scope: RawPath, _ db: Connection,
        _ body: (UnsafeRawBufferPointer, _ id: Int64, _ fingerprint: Int64?) throws -> Void
    ) throws {
        let prefix = scope.folderPrefix
        try db.makeStatement("""
            SELECT path_text, id, fingerprint FROM folder
            WHERE library_id = \(libraryID) AND (path_text = \(scope.text) OR substr(path_text, 1, length(\(prefix))) = \(prefix))
            """).forEach { s in
            guard let text = sqlite3_column_text(s.handle, 0) else { return }
            let bytes = UnsafeRawBufferPointer(start: text, count: Int(sqlite3_column_bytes(s.handle, 0)))
            let fingerprint = sqlite3_column_type(s.handle, 2) == SQLITE_NULL ? nil : sqlite3_column_int64(s.handle, 2)
            try body(bytes, sqlite3_column_int64(s.handle, 1), fingerprint)
        }
    }

    /// The number of folders of a library under `scope` (itself included).
    package static func storedCount(libraryID: Int64, under scope: RawPath, _ db: Connection) throws -> Int {
        let prefix = scope.folderPrefix
        return try db.scalar("""
            SELECT count(*) FROM folder
            WHERE library_id = \(libraryID) AND (path_text = \(scope.text) OR substr(path_text, 1, length(\(prefix))) = \(prefix))
            """) ?? 0
    }

    /// The paths (as bytes) of the folders `ids`.
    package static func paths(ids: [Int64], _ db: Connection) throws -> [(id: Int64, path: RawPath)] {
        guard !ids.isEmpty else { return [] }
        var result: [(Int64, RawPath)] = []
        try db.makeStatement("SELECT id, path FROM folder WHERE id IN (SELECT value FROM json_each(\(JSONText.encode(ids: ids))))")
            .forEach { s in
                if let id: Int64 = s["id"], let bytes: [UInt8] = s["path"] { result.append((id, RawPath(bytes: bytes))) }
            }
        return result
    }

    /// Clears the fingerprints of the folders `ids` (folders a scan did not reach): one that
    /// comes back must be compared file by file, not skipped as unchanged.
    package static func forgetFingerprints(ids: [Int64], _ db: Connection) throws {
        guard !ids.isEmpty else { return }
        try db.execute("""
            UPDATE folder SET fingerprint = NULL WHERE id IN (SELECT value FROM json_each(\(JSONText.encode(ids: ids))))
            """)
    }

    /// Deletes those of the folder rows `ids` (folders a scan did not reach) that no track
    /// refers to.
    package static func deleteUnused(ids: [Int64], _ db: Connection) throws {
        guard !ids.isEmpty else { return }
        try db.execute("""
            DELETE FROM folder WHERE id IN (SELECT value FROM json_each(\(JSONText.encode(ids: ids))))
              AND NOT EXISTS (SELECT 1 FROM track WHERE track.folder_id = folder.id)
            """)
    }
}
