import Foundation
import LibraryCore

/// SQL for the `library` table.
package enum LibraryStore {
    static let columns: SQL = "id, name, root, created_at, last_scan_finished_at"

    /// Every library, by name.
    package static func all(_ db: Connection) throws -> [Library] {
        try db.rows("SELECT \(columns) FROM library ORDER BY name_key").map(decode)
    }

    /// The library with this id, if any.
    package static func find(id: Int64, _ db: Connection) throws -> Library? {
        try db.row("SELECT \(columns) FROM library WHERE id = \(id)").map(decode)
    }

    /// The library with this name (ignoring case), if any.
    package static func find(name: String, _ db: Connection) throws -> Library? {
        try db.row("SELECT \(columns) FROM library WHERE name_key = \(LibraryRules.name.key(for: name))").map(decode)
    }

    /// Adds a library; the name must already be validated.
    package static func insert(name: String, root: RawPath, now: Date, _ db: Connection) throws -> Library {
        try db.execute("""
            INSERT INTO library (name, name_key, root, root_text, created_at)
            VALUES (\(name), \(LibraryRules.name.key(for: name)), \(root.bytes), \(root.text), \(Int64(now.timeIntervalSince1970)))
            """)
        return Library(id: db.lastInsertedRowID, name: name, root: root, createdAt: now.wholeSeconds, lastScanAt: nil)
    }

    /// Renames a library; the name must already be validated.
    package static func rename(id: Int64, to name: String, _ db: Connection) throws {
        try db.execute("UPDATE library SET name = \(name), name_key = \(LibraryRules.name.key(for: name)) WHERE id = \(id)")
    }

    /// Deletes a library with its folders, tracks, and their playlist entries.
    package static func delete(id: Int64, _ db: Connection) throws {
        try db.execute("DELETE FROM library WHERE id = \(id)")
    }

    /// When the library's last scan started (seconds), nil if it was never scanned.
    package static func lastScanStart(id: Int64, _ db: Connection) throws -> Int64? {
        try db.scalar("SELECT last_scan_started_at FROM library WHERE id = \(id)")
    }

    /// Records a scan start and returns the new scan generation.
    package static func beginScan(id: Int64, now: Date, _ db: Connection) throws -> Int64 {
        try db.execute("""
            UPDATE library SET scan_generation = scan_generation + 1, last_scan_started_at = \(Int64(now.timeIntervalSince1970)) WHERE id = \(id)
            """)
        return try db.scalar("SELECT scan_generation FROM library WHERE id = \(id)") ?? 0
    }

    /// Records a completed scan.
    package static func finishScan(id: Int64, now: Date, _ db: Connection) throws {
        try db.execute("UPDATE library SET last_scan_finished_at = \(Int64(now.timeIntervalSince1970)) WHERE id = \(id)")
    }

    static func decode(_ row: Row) -> Library {
        Library(
            id: row["id"] ?? 0, name: row["name"] ?? "", root: RawPath(bytes: row["root"] ?? []),
            createdAt: Date(timeIntervalSince1970: Double(row["created_at"] as Int64? ?? 0)),
            lastScanAt: (row["last_scan_finished_at"] as Int64?).map { Date(timeIntervalSince1970: Double($0)) })
    }
}

extension Date {
    /// This date truncated to whole seconds (what the database stores).
    package var wholeSeconds: Date { Date(timeIntervalSince1970: timeIntervalSince1970.rounded(.down)) }
}
