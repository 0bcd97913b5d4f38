import Foundation
import LibraryCore

/// SQL for the `scan_failure` table.
package enum FailureStore {
    /// Records (or replaces) why a file could not be read.
    package static func record(
        libraryID: Int64, file: FileFacts, kind: String, reason: String, generation: Int64, now: Date, _ db: Connection
    ) throws {
        try db.execute("""
            INSERT OR REPLACE INTO scan_failure
                (library_id, path, path_text, file_size, mtime_ns, kind, reason, failed_at, scan_generation)
            VALUES (\(libraryID), \(file.path.bytes), \(file.path.text), \(file.size), \(file.mtimeNs), \(kind), \(reason),
                    \(Int64(now.timeIntervalSince1970)), \(generation))
            """)
    }

    /// Records that the scan of `generation` met the failed files `pathTexts` again,
    /// unchanged (they failed again without being read), in one statement.
    package static func markSeen(libraryID: Int64, pathTexts: [String], generation: Int64, now: Date, _ db: Connection) throws {
        guard !pathTexts.isEmpty else { return }
        try db.execute("""
            UPDATE scan_failure SET scan_generation = \(generation), failed_at = \(Int64(now.timeIntervalSince1970))
            WHERE library_id = \(libraryID) AND path_text IN (SELECT value FROM json_each(\(JSONText.encode(pathTexts))))
            """)
    }

    /// Forgets a failure (the file was read, or is gone).
    package static func remove(libraryID: Int64, pathText: String, _ db: Connection) throws {
        try db.execute("DELETE FROM scan_failure WHERE library_id = \(libraryID) AND path_text = \(pathText)")
    }

    /// The recorded failures of files under `scope` (recursively).
    package static func failures(libraryID: Int64, under scope: RawPath, _ db: Connection) throws -> [StoredFailure] {
        let prefix = scope.folderPrefix
        return try db.rows("""
            SELECT path_text, file_size, mtime_ns, kind, reason FROM scan_failure
            WHERE library_id = \(libraryID) AND substr(path_text, 1, length(\(prefix))) = \(prefix)
            """).map(decode)
    }

    /// Every recorded failure, by path.
    package static func all(_ db: Connection) throws -> [StoredFailure] {
        try db.rows("SELECT path_text, file_size, mtime_ns, kind, reason FROM scan_failure ORDER BY path_text").map(decode)
    }

    /// Deletes failures under `scope` that the scan of `generation` did not meet again.
    package static func removeStale(libraryID: Int64, generation: Int64, under scope: RawPath, _ db: Connection) throws {
        let prefix = scope.folderPrefix
        try db.execute("""
            DELETE FROM scan_failure WHERE library_id = \(libraryID) AND scan_generation < \(generation)
              AND substr(path_text, 1, length(\(prefix))) = \(prefix)
            """)
    }

    /// A row of `path_text, file_size, mtime_ns, kind, reason`.
    private static func decode(_ row: Row) -> StoredFailure {
        StoredFailure(
            pathText: row["path_text"] ?? "", size: row["file_size"] ?? 0, mtimeNs: row["mtime_ns"] ?? 0, kind: row["kind"] ?? "",
            reason: row["reason"] ?? "")
    }
}
