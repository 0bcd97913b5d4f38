import Foundation
import LibraryCore

/// SQL for `api_key`: keys are stored only as hashes, and a key is named by its row id.
package enum APIKeyStore {
    static let select: SQL = "SELECT id, user_id, label, created_at, last_used_at FROM api_key"

    /// Stores the hash of a new key for a user, with an already validated label.
    package static func insert(userID: Int64, keyHash: [UInt8], label: String?, now: Date, _ db: Connection) throws -> APIKeyInfo {
        let created = Int64(now.timeIntervalSince1970)
        try db.execute("""
            INSERT INTO api_key (user_id, key_hash, label, created_at) VALUES (\(userID), \(keyHash), \(label), \(created))
            """)
        return APIKeyInfo(
            id: db.lastInsertedRowID, userID: userID, label: label,
            createdAt: Date(timeIntervalSince1970: Double(created)), lastUsedAt: nil)
    }

    /// A user's keys, oldest first.
    package static func keys(userID: Int64, _ db: Connection) throws -> [APIKeyInfo] {
        try db.rows("\(select) WHERE user_id = \(userID) ORDER BY id").map(decode)
    }

    /// Deletes the user's key with this id; false when the user has no such key (another
    /// user's key is left alone).
    package static func delete(id: Int64, userID: Int64, _ db: Connection) throws -> Bool {
        try db.execute("DELETE FROM api_key WHERE id = \(id) AND user_id = \(userID)")
        return db.changes > 0
    }

    /// Deletes every key of a user; returns how many there were.
    package static func deleteAll(userID: Int64, _ db: Connection) throws -> Int {
        try db.execute("DELETE FROM api_key WHERE user_id = \(userID)")
        return db.changes
    }

    /// Every key's hash, id and user: what logins are checked against.
    package static func hashes(_ db: Connection) throws -> [(keyID: Int64, userID: Int64, keyHash: [UInt8])] {
        try db.rows("SELECT id, user_id, key_hash FROM api_key").map { ($0["id"] ?? 0, $0["user_id"] ?? 0, $0["key_hash"] ?? []) }
    }

    /// Records that keys were used: each `(keyID, date)`, keeping a later date already stored.
    package static func touch(_ uses: [(keyID: Int64, date: Date)], _ db: Connection) throws {
        let statement = try db.cachedStatement("UPDATE api_key SET last_used_at = max(coalesce(last_used_at, 0), ?) WHERE id = ?")
        for use in uses {
            try statement.execute { arguments in
                arguments.bind(Int64(use.date.timeIntervalSince1970))
                arguments.bind(use.keyID)
            }
        }
    }

    static func decode(_ row: Row) -> APIKeyInfo {
        APIKeyInfo(
            id: row["id"] ?? 0, userID: row["user_id"] ?? 0, label: row["label"],
            createdAt: Date(timeIntervalSince1970: Double(row["created_at"] as Int64? ?? 0)),
            lastUsedAt: (row["last_used_at"] as Int64?).map { Date(timeIntervalSince1970: Double($0)) })
    }
}
