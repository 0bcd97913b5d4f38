import CSQLite
import Foundation
import LibraryCore

/// Opens Kanora databases: checks that a file really is one (and not from a newer Kanora),
/// migrates it, and hands back a `DatabasePool`.
package enum Database {
    /// Opens the database at `location`, creating and migrating it when new.
    ///
    /// Nothing is written to a file that turns out not to be a Kanora database or to come
    /// from a newer version: those checks run before WAL mode or any migration.
    package static func open(_ location: Connection.Location, migrator: Migrator = Schema.migrator) throws -> DatabasePool {
        let writer = try openWriter(location)
        try checkIdentity(writer, location: location, migrator: migrator)
        if case .file = location {
            try writer.enableWAL()
        }
        // Stamped before migrating, so a migration failing part-way leaves a file that a
        // later open still recognises and finishes migrating.
        if try writer.scalar("PRAGMA application_id") != Int64(Schema.applicationID) {
            try writer.execute("PRAGMA application_id = \(sql: String(Schema.applicationID))")
        }
        // Indexes a first scan left to build at its end, if it stopped before (see
        // `ScanIndexes`): recreated before any query or migration reads the tables.
        try ScanIndexes.restore(writer)
        // A migration's CREATE INDEX sorts every track: in memory that peaked at 122 MB for
        // a million tracks.
        let applied = try writer.sortingOnDisk { try migrator.migrate(writer) }
        if try writer.scalar("PRAGMA user_version") != migrator.migrations.count {
            try writer.execute("PRAGMA user_version = \(sql: String(migrator.migrations.count))")
        }
        // A migration that rebuilds a search index (v20, v22) logs all of it in one
        // transaction: 227 MB at a million tracks, which the log file would keep on disk.
        // Copied into the database and the log emptied before anything else opens.
        if case .file = location, !applied.isEmpty {
            try writer.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        }
        // After the migrations, so they log nothing; from here every write reports its changes.
        try ChangeLog.install(writer)
        var reader: Connection?
        var checkpointer: BackgroundCheckpointer?
        if case .file = location {
            reader = try Connection(location: location, readOnly: true)
            checkpointer = BackgroundCheckpointer { try Connection(location: location, readOnly: false) }
        }
        return DatabasePool(location: location, writer: writer, reader: reader, checkpointer: checkpointer, changes: ChangeLog.drain) {
            try Connection(location: location, readOnly: true)
        }
    }

    /// Waits for the checkpoints running beside the writers of every database open in this
    /// process (see `BackgroundCheckpointer.settle`), so the work a command started is done
    /// before it exits; a command calls it last.
    package static func settleCheckpoints() {
        BackgroundCheckpointer.open.settleAll()
    }

    /// The writer connection; SQLite may already refuse a non-database file here.
    private static func openWriter(_ location: Connection.Location) throws -> Connection {
        do {
            return try Connection(location: location, readOnly: false)
        } catch where error.primaryCode == SQLITE_NOTADB {
            throw notSQLiteError(location)
        }
    }

    private static func notSQLiteError(_ location: Connection.Location) -> DatabaseError {
        let name: String
        if case .file(let path) = location { name = path } else { name = "the in-memory database" }
        return DatabaseError(code: SQLITE_NOTADB, message: "\(name) is not a Kanora database (not an SQLite file): pass another path with --database")
    }

    /// Throws when the file is not a Kanora database or was written by a newer Kanora.
    static func checkIdentity(_ connection: Connection, location: Connection.Location, migrator: Migrator) throws {
        let name: String
        if case .file(let path) = location { name = path } else { name = "the in-memory database" }
        let applicationID: Int32
        let tableCount: Int
        do {
            applicationID = Int32(truncatingIfNeeded: try connection.scalar("PRAGMA application_id") as Int64? ?? 0)
            tableCount = try connection.scalar("SELECT count(*) FROM sqlite_master") ?? 0
        } catch {
            guard error.primaryCode == SQLITE_NOTADB else { throw error }
            throw notSQLiteError(location)
        }
        if applicationID == 0 && tableCount == 0 { return }
        guard applicationID == Schema.applicationID else {
            throw DatabaseError(code: SQLITE_NOTADB, message: "\(name) is an SQLite database but not a Kanora one: pass another path with --database")
        }
        let known = Set(migrator.migrations.map(\.name))
        let applied = try migrator.appliedMigrations(connection)
        let version: Int = try connection.scalar("PRAGMA user_version") ?? 0
        if version > migrator.migrations.count || applied.contains(where: { !known.contains($0) }) {
            throw DatabaseError(code: SQLITE_CANTOPEN, message: "\(name) was written by a newer version of Kanora (schema \(version), this build knows \(migrator.migrations.count)): upgrade kanora to use it")
        }
    }
}

extension Connection {
    /// Switches the database to WAL, so readers never block the writer; checks the answer.
    func enableWAL() throws(DatabaseError) {
        let mode: String? = try scalar("PRAGMA journal_mode = WAL")
        guard mode?.lowercased() == "wal" else {
            throw DatabaseError(code: SQLITE_ERROR, message: "could not switch to WAL journal mode (got \(mode ?? "nothing"))")
        }
    }
}
