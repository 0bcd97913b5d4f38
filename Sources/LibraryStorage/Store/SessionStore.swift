import Foundation
import LibraryCore

/// SQL for the `session` table: web sign-ins, kept as the SHA-256 of their tokens.
package enum SessionStore {
    /// Adds a session for the user; `tokenHash` is the SHA-256 of the token.
    package static func insert(userID: Int64, tokenHash: [UInt8], now: Date, expires: Date, _ db: Connection) throws {
        try db.execute("""
            INSERT INTO session (user_id, token_hash, created_at, expires_at)
            VALUES (\(userID), \(tokenHash), \(Int64(now.timeIntervalSince1970)), \(Int64(expires.timeIntervalSince1970)))
            """)
    }

    /// Ends the session with this token hash; true when there was one.
    package static func delete(tokenHash: [UInt8], _ db: Connection) throws -> Bool {
        try db.execute("DELETE FROM session WHERE token_hash = \(tokenHash)")
        return db.changes > 0
    }

    /// Ends every session that expired before `now`; returns how many.
    package static func deleteExpired(now: Date, _ db: Connection) throws -> Int {
        try db.execute("DELETE FROM session WHERE expires_at <= \(Int64(now.timeIntervalSince1970))")
        return db.changes
    }

    /// Every live session: its user, token hash and expiry (what a sign-in is checked against).
    package static func all(_ db: Connection) throws -> [(userID: Int64, tokenHash: [UInt8], expires: Date)] {
        try db.rows("SELECT user_id, token_hash, expires_at FROM session").map { row in
            (row["user_id"] ?? 0, row["token_hash"] ?? [], Date(timeIntervalSince1970: Double(row["expires_at"] as Int64? ?? 0)))
        }
    }
}
