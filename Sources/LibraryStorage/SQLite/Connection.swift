import CSQLite
import Foundation
import LibraryCore

/// One SQLite connection, configured in one place: WAL, `synchronous = NORMAL`, foreign
/// keys, a busy timeout, and a cache of prepared statements.
///
/// Not thread-safe: `DatabaseQueue` serialises access to it.
package final class Connection {
    let handle: OpaquePointer
    private var statementCache: [String: Statement] = [:]
    private var transactionDepth = 0
    /// What the WAL commit hook calls (see `checkpoint(in:)`), kept alive as long as the
    /// connection.
    var walHookOwner: AnyObject?

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

    private func configure(readOnly: Bool) throws(DatabaseError) {
        try execute("PRAGMA foreign_keys = ON")
        // Statement journals and sorts in memory: upserts that fire triggers otherwise write
        // every page they touch to a temporary file first.
        try execute("PRAGMA temp_store = MEMORY")
        if !readOnly {
            try execute("PRAGMA synchronous = NORMAL")
            // 1 MB of page cache instead of 2: the writer's pages are mostly new ones on their
            // way to the log, and a scan's peak memory is counted in megabytes.
            try execute("PRAGMA cache_size = -1024")
        }
    }

    /// Runs one or more statements that take no arguments.
    package func execute(_ sql: String) throws(DatabaseError) {
        var errorMessage: UnsafeMutablePointer<CChar>?
        let code = sqlite3_exec(handle, sql, nil, nil, &errorMessage)
        if code != SQLITE_OK {
            let message = errorMessage.map { String(cString: $0) } ?? String(cString: sqlite3_errmsg(handle))
            sqlite3_free(errorMessage)
            throw DatabaseError(code: code, message: message, sql: sql)
        }
    }

    /// Runs one statement with arguments.
    package func execute(_ sql: String, _ arguments: [any DatabaseValueConvertible]) throws(DatabaseError) {
        try cachedStatement(sql).execute(arguments)
    }

    /// A prepared statement for `sql`, reused across calls.
    package func cachedStatement(_ sql: String) throws(DatabaseError) -> Statement {
        if let statement = statementCache[sql] { return statement }
        let statement = try Statement(connection: self, sql: sql)
        statementCache[sql] = statement
        return statement
    }

    /// A new prepared statement (not cached), for one-off SQL.
    package func makeStatement(_ sql: String) throws(DatabaseError) -> Statement {
        try Statement(connection: self, sql: sql)
    }

    /// Every row of a query.
    package func rows(_ sql: String, _ arguments: [any DatabaseValueConvertible] = []) throws(DatabaseError) -> [Row] {
        try cachedStatement(sql).rows(arguments)
    }

    /// The first row of a query, if any.
    package func row(_ sql: String, _ arguments: [any DatabaseValueConvertible] = []) throws(DatabaseError) -> Row? {
        let statement = try cachedStatement(sql)
        try statement.bind(arguments)
        guard try statement.step() else { return nil }
        let row = Row(columns: statement.columnNames, values: (0..<statement.columnNames.count).map(statement.value(at:)))
        sqlite3_reset(statement.handle)
        return row
    }

    /// The first column of the first row, converted; nil when no row or NULL.
    package func scalar<T: DatabaseValueConvertible>(_ sql: String, _ arguments: [any DatabaseValueConvertible] = []) throws(DatabaseError) -> T? {
        let statement = try cachedStatement(sql)
        try statement.bind(arguments)
        guard try statement.step() else { return nil }
        let value: T? = statement.column(0)
        sqlite3_reset(statement.handle)
        return value
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
        try execute(isOutermost ? "BEGIN IMMEDIATE" : "SAVEPOINT \(savepoint)")
        transactionDepth += 1
        defer { transactionDepth -= 1 }
        do {
            let result = try body()
            try execute(isOutermost ? "COMMIT" : "RELEASE \(savepoint)")
            return result
        } catch {
            try? execute(isOutermost ? "ROLLBACK" : "ROLLBACK TO \(savepoint); RELEASE \(savepoint)")
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
