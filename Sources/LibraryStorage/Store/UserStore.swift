import Foundation
import LibraryCore

/// SQL for the `user` table. Passwords arrive and leave sealed: this layer never sees one
/// in clear.
package enum UserStore {
    static let select: SQL = """
        SELECT u.id, u.name, u.is_admin, u.password_sealed IS NOT NULL AS has_password, u.created_at,
               (SELECT count(*) FROM api_key k WHERE k.user_id = u.id) AS api_key_count, u.language
        FROM user u
        """

    /// Every user, by name.
    package static func all(_ db: Connection) throws -> [User] {
        try db.rows("\(select) ORDER BY u.name").map(decode)
    }

    /// The user with this id, if any.
    package static func find(id: Int64, _ db: Connection) throws -> User? {
        try db.row("\(select) WHERE u.id = \(id)").map(decode)
    }

    /// The user with this name (ignoring case), if any.
    package static func find(name: String, _ db: Connection) throws -> User? {
        try id(named: name, db).flatMap { try find(id: $0, db) }
    }

    /// Every user with their sealed password (nil: none set): what logins are checked
    /// against, read once and kept in memory by the user service.
    package static func allCredentials(_ db: Connection) throws -> [(user: User, sealedPassword: [UInt8]?)] {
        try db.rows("SELECT id, name, is_admin, password_sealed, created_at, language FROM user").map { row in
            let sealed: [UInt8]? = row["password_sealed"]
            let user = User(
                id: row["id"] ?? 0, name: row["name"] ?? "", isAdmin: row["is_admin"] ?? false, hasPassword: sealed != nil,
                createdAt: Date(timeIntervalSince1970: Double(row["created_at"] as Int64? ?? 0)), language: row["language"])
            return (user, sealed)
        }
    }

    /// The count of changes to users and API keys so far (see `credential_generation`): when
    /// it moved, what a login checks has changed.
    package static func credentialGeneration(_ db: Connection) throws -> Int64 {
        try db.scalar("SELECT generation FROM credential_generation WHERE id = 1") ?? 0
    }

    /// Adds a user; the name must already be validated and free.
    package static func insert(name: String, isAdmin: Bool, sealedPassword: [UInt8]?, now: Date, _ db: Connection) throws -> User {
        try db.execute("""
            INSERT INTO user (name, is_admin, password_sealed, created_at)
            VALUES (\(name), \(isAdmin), \(sealedPassword), \(Int64(now.timeIntervalSince1970)))
            """)
        return User(id: db.lastInsertedRowID, name: name, isAdmin: isAdmin, hasPassword: sealedPassword != nil, createdAt: now.wholeSeconds)
    }

    /// Replaces a user's sealed password.
    package static func setPassword(id: Int64, sealed: [UInt8], _ db: Connection) throws {
        try db.execute("UPDATE user SET password_sealed = \(sealed) WHERE id = \(id)")
    }

    /// Sets a user's language (already validated; nil: follow the browser).
    package static func setLanguage(id: Int64, language: String?, _ db: Connection) throws {
        try db.execute("UPDATE user SET language = \(language) WHERE id = \(id)")
    }

    /// Deletes a user with their playlists, annotations, keys and play queue (cascades).
    package static func delete(id: Int64, _ db: Connection) throws {
        try db.execute("DELETE FROM user WHERE id = \(id)")
    }

    private static func id(named name: String, _ db: Connection) throws -> Int64? {
        if let id: Int64 = try db.scalar("SELECT id FROM user WHERE name = \(name)") { return id }
        let key = UserRules.name.key(for: name)
        return try db.rows("SELECT id, name FROM user").first { UserRules.name.key(for: $0["name"] ?? "") == key }?["id"]
    }

    static func decode(_ row: Row) -> User {
        User(
            id: row["id"] ?? 0, name: row["name"] ?? "", isAdmin: row["is_admin"] ?? false, hasPassword: row["has_password"] ?? false,
            createdAt: Date(timeIntervalSince1970: Double(row["created_at"] as Int64? ?? 0)), apiKeyCount: row["api_key_count"] ?? 0,
            language: row["language"])
    }
}
