import Foundation
import LibraryCore

/// One named schema step: plain SQL, append-only, never edited once shipped.
package struct Migration: Sendable {
    /// A unique, descriptive name, recorded in the database when applied.
    package let name: String
    /// The SQL to run, in one transaction.
    package let sql: String

    package init(_ name: String, sql: String) {
        self.name = name
        self.sql = sql
    }
}

/// Applies migrations in order, once each, recording them in `kanora_migration`.
package struct Migrator: Sendable {
    package let migrations: [Migration]

    package init(_ migrations: [Migration]) {
        self.migrations = migrations
    }

    /// The names already applied to the database, in order.
    package func appliedMigrations(_ connection: Connection) throws -> [String] {
        let exists: Int = try connection.scalar(
            "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'kanora_migration'") ?? 0
        guard exists > 0 else { return [] }
        return try connection.values("SELECT name FROM kanora_migration ORDER BY id")
    }

    /// Applies every migration not yet recorded; each in its own transaction.
    /// - Returns: the names applied by this call.
    @discardableResult
    package func migrate(_ connection: Connection) throws -> [String] {
        try connection.execute("""
            CREATE TABLE IF NOT EXISTS kanora_migration (
                id INTEGER PRIMARY KEY,
                name TEXT NOT NULL UNIQUE,
                applied_at INTEGER NOT NULL
            )
            """)
        let applied = Set(try appliedMigrations(connection))
        var names: [String] = []
        for migration in migrations where !applied.contains(migration.name) {
            try connection.transaction {
                try connection.execute(SQL(sql: migration.sql))
                try connection.execute(
                    "INSERT INTO kanora_migration (name, applied_at) VALUES (\(migration.name), \(Int64(Date().timeIntervalSince1970)))")
            }
            names.append(migration.name)
        }
        return names
    }
}
