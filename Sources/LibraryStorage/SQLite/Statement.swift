import CSQLite
import LibraryCore

/// A prepared statement. Owns its `sqlite3_stmt` and finalizes it when released.
///
/// Not thread-safe: use it on the connection's thread only.
package final class Statement {
    /// The SQL the statement was prepared from.
    package let sql: String
    let handle: OpaquePointer
    private unowned let connection: Connection
    /// What `execute()`, `rows()` and `forEach(_:)` bind: the arguments of the `SQL` the
    /// statement was last asked for with (see `Connection.cachedStatement(_:)`).
    package var arguments: [DatabaseValue] = []
    /// The result columns by name, worked out on first use.
    private var knownColumns: ColumnIndex?

    init(connection: Connection, sql: String) throws(DatabaseError) {
        var handle: OpaquePointer?
        let code = sqlite3_prepare_v3(connection.handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &handle, nil)
        guard code == SQLITE_OK, let handle else {
            throw connection.error(code: code, sql: sql)
        }
        self.sql = sql
        self.handle = handle
        self.connection = connection
    }

    deinit {
        sqlite3_finalize(handle)
    }

    /// The number of `?` parameters.
    package var parameterCount: Int { Int(sqlite3_bind_parameter_count(handle)) }

    /// Resets the statement and binds `arguments` in order, checking their count first.
    package func bind(_ arguments: [DatabaseValue]) throws(DatabaseError) {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
        guard arguments.count == parameterCount else { throw wrongArgumentCount(arguments.count) }
        for (offset, argument) in arguments.enumerated() {
            let index = Int32(offset + 1)
            let code: Int32
            switch argument {
            case .null: code = sqlite3_bind_null(handle, index)
            case .integer(let v): code = sqlite3_bind_int64(handle, index, v)
            case .real(let v): code = sqlite3_bind_double(handle, index, v)
            case .text(let v): code = sqlite3_bind_text(handle, index, v, Int32(v.utf8.count), csqlite_transient())
            case .blob(let v):
                code = v.withUnsafeBytes { raw in
                    sqlite3_bind_blob(handle, index, raw.baseAddress ?? UnsafeRawPointer(bitPattern: 1), Int32(raw.count), csqlite_transient())
                }
            }
            guard code == SQLITE_OK else { throw connection.error(code: code, sql: sql) }
        }
    }

    /// The error for binding `count` arguments to a statement that takes `parameterCount`.
    func wrongArgumentCount(_ count: Int) -> DatabaseError {
        DatabaseError(
            code: SQLITE_MISUSE, message: "wrong number of arguments: expected \(parameterCount), got \(count)", sql: sql)
    }

    /// Runs the statement with `arguments` to completion, ignoring any rows.
    package func execute() throws(DatabaseError) {
        try bind(arguments)
        while try step() {}
    }

    /// Runs the statement with `arguments` and calls `body` for each row, with the
    /// statement positioned on it.
    package func forEach(_ body: (Statement) throws -> Void) throws {
        try bind(arguments)
        while try step() {
            try body(self)
        }
    }

    /// Runs the statement with `arguments` and returns every row.
    package func rows() throws(DatabaseError) -> [Row] {
        try bind(arguments)
        let columns = columnIndex
        let count = columns.names.count
        var result: [Row] = []
        while try step() {
            result.append(Row(columnIndex: columns, values: (0..<count).map(value(at:))))
        }
        return result
    }

    /// Advances one row; true when a row is available, false when done.
    @discardableResult
    package func step() throws(DatabaseError) -> Bool {
        let code = sqlite3_step(handle)
        switch code {
        case SQLITE_ROW: return true
        case SQLITE_DONE:
            sqlite3_reset(handle)
            return false
        default:
            sqlite3_reset(handle)
            throw connection.error(code: code, sql: sql)
        }
    }

    /// The result column names.
    package var columnNames: [String] { columnIndex.names }

    /// The result columns by name: read from SQLite once per statement.
    var columnIndex: ColumnIndex {
        if let knownColumns { return knownColumns }
        let names = (0..<sqlite3_column_count(handle)).map { String(cString: sqlite3_column_name(handle, $0)) }
        let index = ColumnIndex(names)
        knownColumns = index
        return index
    }

    /// Where the result column `name` is; nil when the statement has no such column.
    package func index(ofColumn name: String) -> Int? {
        columnIndex.index(of: name)
    }

    /// The value of the column named `name` in the current row, converted; nil when NULL
    /// or of another type. The statement must have such a column: asking for another is a
    /// programming error.
    package subscript<T: DatabaseValueConvertible>(_ name: String) -> T? {
        guard let index = columnIndex.index(of: name) else {
            preconditionFailure("no column \(name) in `\(sql)`")
        }
        return column(index)
    }

    /// The value of column `index` of the current row.
    package func value(at index: Int) -> DatabaseValue {
        let column = Int32(index)
        switch sqlite3_column_type(handle, column) {
        case SQLITE_INTEGER: return .integer(sqlite3_column_int64(handle, column))
        case SQLITE_FLOAT: return .real(sqlite3_column_double(handle, column))
        case SQLITE_TEXT:
            // By length, not up to the first NUL: text may contain NUL characters.
            let text = sqlite3_column_text(handle, column)
            let count = Int(sqlite3_column_bytes(handle, column))
            return .text(text.map { String(decoding: UnsafeBufferPointer(start: $0, count: count), as: UTF8.self) } ?? "")
        case SQLITE_BLOB:
            let count = Int(sqlite3_column_bytes(handle, column))
            guard count > 0, let base = sqlite3_column_blob(handle, column) else { return .blob([]) }
            return .blob(Array(UnsafeRawBufferPointer(start: base, count: count)))
        default: return .null
        }
    }

    /// The value of column `index` of the current row, converted.
    package func column<T: DatabaseValueConvertible>(_ index: Int, as type: T.Type = T.self) -> T? {
        T.fromDatabaseValue(value(at: index))
    }
}

@available(*, unavailable)
extension Statement: Sendable {}
