import Foundation

/// SQL for `api_key`: keys are stored only as hashes.
public enum APIKeyStore {
    /// Stores the hash of a new key for a user.
    public static func insert(userID: Int64, keyHash: [UInt8], now: Date, _ db: Connection) throws {
        try db.execute(
            "INSERT INTO api_key (user_id, key_hash, created_at) VALUES (?, ?, ?)",
            [userID, keyHash, Int64(now.timeIntervalSince1970)])
    }

    /// The key with this hash: its id, when it was last used, and its user (one indexed lookup).
    public static func find(keyHash: [UInt8], _ db: Connection) throws -> (keyID: Int64, lastUsedAt: Date?, user: User)? {
        let statement = try db.cachedStatement("""
            SELECT k.id, k.last_used_at, u.id, u.name, u.is_admin, u.password_sealed IS NOT NULL, u.created_at
            FROM api_key k JOIN user u ON u.id = k.user_id WHERE k.key_hash = ?
            """)
        guard let row = try statement.rows([keyHash]).first else { return nil }
        let user = User(
            id: row[2] ?? 0, name: row[3] ?? "", isAdmin: row[4] ?? false, hasPassword: row[5] ?? false,
            createdAt: Date(timeIntervalSince1970: Double(row[6] as Int64? ?? 0)))
        let lastUsed = (row[1] as Int64?).map { Date(timeIntervalSince1970: Double($0)) }
        return (row[0] ?? 0, lastUsed, user)
    }

    /// Records that a key was used at `now`.
    public static func touch(keyID: Int64, now: Date, _ db: Connection) throws {
        try db.execute("UPDATE api_key SET last_used_at = ? WHERE id = ?", [Int64(now.timeIntervalSince1970), keyID])
    }
}
