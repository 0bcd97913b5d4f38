import CSQLite
import Foundation
import LibraryCore

/// One SQLite connection, configured in one place: WAL, `synchronous = NORMAL`, foreign
/// keys, a busy timeout, and a cache of prepared statements.
///
/// Not thread-safe: `DatabasePool` serialises access to it.
package final class Connection {
    let handle: OpaquePointer
    private var statementCache: [String: Statement] = [:]
    private var transactionDepth = 0
    /// What the WAL commit hook calls (see `checkpoint(in:)`), kept alive as long as the
    /// connection.
    var walHookOwner: AnyObject?
    /// The rows this connection changed, when it notes them (see `logChanges(of:kinds:)`).
    package internal(set) var changeLog: RowChangeLog?
    /// What reads on this connection keep for later reads (see `refreshReadMemo()`).
    var readMemo = ReadMemo()

    /// Where the database lives.
    package enum Location: Sendable, Equatable {
        case inMemory
        case file(String)
    }

    /// Process-wide SQLite settings, applied once before the first connection.
    private static let configured: Bool = {
        _ = csqlite_disable_memory_statistics()
        return true
    }()

    /// Opens (creating if needed) a database and configures the connection.
    package init(location: Location, readOnly: Bool = false, busyTimeout: Duration = .seconds(30)) throws(DatabaseError) {
        _ = Connection.configured
        var handle: OpaquePointer?
        let path: String
        var flags = SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_URI
        switch location {
        case .inMemory:
            path = ":memory:"
            flags |= SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
        case .file(let file):
            path = file
            flags |= readOnly ? SQLITE_OPEN_READONLY : (SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE)
        }
        let code = sqlite3_open_v2(path, &handle, flags, nil)
        guard code == SQLITE_OK, let handle else {
            let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot open database"
            if let handle { sqlite3_close_v2(handle) }
            throw DatabaseError(code: code, message: "\(message) (\(path))")
        }
        self.handle = handle
        sqlite3_extended_result_codes(handle, 1)
        let milliseconds = busyTimeout.components.seconds * 1000 + busyTimeout.components.attoseconds / 1_000_000_000_000_000
        sqlite3_busy_timeout(handle, Int32(clamping: milliseconds))
        try configure(readOnly: readOnly)
        try registerFunctions()
    }

    deinit {
        statementCache.removeAll()
        sqlite3_close_v2(handle)
    }

    /// Runs `body` with sorts spilling to temporary files instead of memory, then back to
    /// memory (`temp_store`): for one-off work over the whole library, whose sorts grow with
    /// it (an index built at the end of a first scan, a migration's `CREATE INDEX`). Call it
    /// outside a transaction.
    @discardableResult
    package func sortingOnDisk<T>(_ body: () throws -> T) throws -> T {
        try execute("PRAGMA temp_store = FILE")
        defer { try? execute("PRAGMA temp_store = MEMORY") }
        return try body()
    }

    private func configure(readOnly: Bool) throws(DatabaseError) {
        try execute("PRAGMA foreign_keys = ON")
        // The writer keeps statement journals and sorts in memory: upserts that fire
        // triggers otherwise write every page they touch to a temporary file first. A reader
        // writes no journal, and its sorts and temporary tables stay in memory up to its page
        // cache's size, then spill to a file: in memory a whole-library aggregate (the genre
        // list at a million tracks) held 11 MB until it finished.
        try execute(readOnly ? "PRAGMA temp_store = FILE" : "PRAGMA temp_store = MEMORY")
        if !readOnly {
            try execute("PRAGMA synchronous = NORMAL")
        }
        // 1 MB of page cache instead of 2. The writer's pages are mostly new ones on their
        // way to the log, and a scan's peak memory is counted in megabytes. A reader's cache
        // also sets how much of a sort stays in memory before it spills: at a million tracks
        // the first getArtists held 4.4 MB in SQLite (2 MB of pages, 2 MB of sort) at the
        // server's peak. The pages it drops are still in the system's file cache.
        try execute("PRAGMA cache_size = -1024")
    }

    /// Runs `sql`. Without arguments it goes to `sqlite3_exec`, so the text may hold several
    /// statements (a migration, a script); with arguments it is one statement, prepared once
    /// and cached.
    package func execute(_ sql: SQL) throws(DatabaseError) {
        guard sql.arguments.isEmpty else {
            try cachedStatement(sql).execute()
            return
        }
        var errorMessage: UnsafeMutablePointer<CChar>?
        let code = sqlite3_exec(handle, sql.text, nil, nil, &errorMessage)
        if code != SQLITE_OK {
            let message = errorMessage.map { String(cString: $0) } ?? String(cString: sqlite3_errmsg(handle))
            sqlite3_free(errorMessage)
            throw DatabaseError(code: code, message: message, sql: sql.text)
        }
    }

    /// A prepared statement for `sql`'s text, reused across calls, set to bind `sql`'s
    /// arguments.
    package func cachedStatement(_ sql: SQL) throws(DatabaseError) -> Statement {
        let statement: Statement
        if let cached = statementCache[sql.text] {
            statement = cached
        } else {
            statement = try Statement(connection: self, sql: sql.text)
            statementCache[sql.text] = statement
        }
        statement.arguments = sql.arguments
        return statement
    }

    /// A new prepared statement (not cached), set to bind `sql`'s arguments: for SQL built
    /// for one call (a compiled query), which would only fill the cache.
    package func makeStatement(_ sql: SQL) throws(DatabaseError) -> Statement {
        let statement = try Statement(connection: self, sql: sql.text)
        statement.arguments = sql.arguments
        return statement
    }

    /// Every row of a query.
    package func rows(_ sql: SQL) throws(DatabaseError) -> [Row] {
        try cachedStatement(sql).rows()
    }

    /// The first row of a query, if any.
    package func row(_ sql: SQL) throws(DatabaseError) -> Row? {
        let statement = try cachedStatement(sql)
        try statement.bind(statement.arguments)
        guard try statement.step() else { return nil }
        let columns = statement.columnIndex
        let row = Row(columnIndex: columns, values: (0..<columns.names.count).map(statement.value(at:)))
        sqlite3_reset(statement.handle)
        return row
    }

    /// The first column of the first row, converted; nil when no row or NULL.
    package func scalar<T: DatabaseValueConvertible>(_ sql: SQL) throws(DatabaseError) -> T? {
        let statement = try cachedStatement(sql)
        try statement.bind(statement.arguments)
        guard try statement.step() else { return nil }
        let value: T? = statement.column(0)
        sqlite3_reset(statement.handle)
        return value
    }

    /// The first column of every row, converted; NULLs (and values of another type) left out.
    package func values<T: DatabaseValueConvertible>(_ sql: SQL, as type: T.Type = T.self) throws(DatabaseError) -> [T] {
        var result: [T] = []
        let statement = try cachedStatement(sql)
        try statement.bind(statement.arguments)
        while try statement.step() {
            if let value: T = statement.column(0) { result.append(value) }
        }
        return result
    }

    /// Runs a query and calls `body` for each row, with the statement positioned on it
    /// (read its columns by name: `statement["title"]`).
    package func forEach(_ sql: SQL, _ body: (Statement) throws -> Void) throws {
        try cachedStatement(sql).forEach(body)
    }

    /// The rowid of the last inserted row.
    package var lastInsertedRowID: Int64 { sqlite3_last_insert_rowid(handle) }

    /// How many rows the last INSERT, UPDATE or DELETE changed.
    package var changes: Int { Int(sqlite3_changes(handle)) }

    /// `PRAGMA data_version`: a number that changes whenever another connection (of this
    /// process or another) commits to the database, and only then.
    package func dataVersion() throws(DatabaseError) -> Int64 {
        try scalar("PRAGMA data_version") ?? 0
    }

    /// Runs `body` in a transaction (`BEGIN IMMEDIATE`, so writers queue up front instead of
    /// failing to upgrade a read lock), or in a savepoint when already inside one. Commits
    /// when `body` returns, rolls back and rethrows the first error when it throws.
    package func transaction<T>(_ body: () throws -> T) throws -> T {
        let isOutermost = transactionDepth == 0
        let savepoint = "kanora_sp\(transactionDepth)"
        // A rolled-back transaction empties the change log itself (its rollback hook); a
        // savepoint rolled back puts the log back as it was here.
        let changesBefore = isOutermost ? nil : changeLog?.mark
        try execute(isOutermost ? "BEGIN IMMEDIATE" : "SAVEPOINT \(sql: savepoint)")
        transactionDepth += 1
        defer { transactionDepth -= 1 }
        do {
            let result = try body()
            try execute(isOutermost ? "COMMIT" : "RELEASE \(sql: savepoint)")
            return result
        } catch {
            try? execute(isOutermost ? "ROLLBACK" : "ROLLBACK TO \(sql: savepoint); RELEASE \(sql: savepoint)")
            if let changesBefore { changeLog?.restore(changesBefore) }
            throw error
        }
    }

    /// Whether a transaction is open on this connection.
    package var isInTransaction: Bool { sqlite3_get_autocommit(handle) == 0 }

    /// Builds an error from the connection's last message.
    func error(code: Int32, sql: String?) -> DatabaseError {
        DatabaseError(code: code, message: String(cString: sqlite3_errmsg(handle)), sql: sql)
    }
}

@available(*, unavailable)
extension Connection: Sendable {}
