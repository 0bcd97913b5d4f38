import CSQLite
import Foundation

/// Which rows of chosen tables one connection changed, noted through SQLite's pre-update
/// hook as the id each row belongs to (its rowid, or the value of one of its columns, old
/// and new, so a deleted row still names its owner), by kind, until taken.
///
/// A row is noted by a hook call and a set insertion, nothing written: unlike a trigger,
/// a hook does not make every statement keep a statement journal of the pages it writes.
/// The hook sees every row however it changed (foreign-key cascades included). A rolled-back
/// transaction empties the log (the rollback hook), and `Connection.transaction` puts it
/// back as it was when it rolls back a savepoint, so only what was committed is taken. A
/// statement that fails part-way inside a transaction that still commits (its error
/// caught) leaves its rows noted: the log may name a row that did not change, never miss
/// one that did.
///
/// Not thread-safe: it lives on its connection, used under `DatabaseQueue`'s writer lock.
package final class RowChangeLog {
    /// The rows of one table to note, and the id they are noted as.
    package struct Source: Sendable {
        package var table: String
        /// Which set the ids go to (`take()`'s index).
        package var kind: Int
        /// The column holding the id; nil: the rowid.
        package var column: String?

        package init(table: String, kind: Int, column: String? = nil) {
            self.table = table
            self.kind = kind
            self.column = column
        }
    }

    fileprivate struct Watched {
        let table: [CChar]
        let kind: Int
        /// The column's index in the table (see `sqlite3_preupdate_old`); nil: the rowid.
        let column: Int32?
    }

    private let watched: [Watched]
    private var noted: [Set<Int64>]

    fileprivate init(_ watched: [Watched], kinds: Int) {
        self.watched = watched
        noted = Array(repeating: [], count: kinds)
    }

    /// The ids noted since the last call, by kind; the log is left empty.
    package func take() -> [Set<Int64>] {
        defer { clear() }
        return noted
    }

    /// The log as it is now, for `restore(_:)`.
    var mark: [Set<Int64>] { noted }

    /// Puts the log back as it was at `mark` (a savepoint rolled back).
    func restore(_ mark: [Set<Int64>]) {
        noted = mark
    }

    fileprivate func clear() {
        for kind in noted.indices where !noted[kind].isEmpty { noted[kind].removeAll(keepingCapacity: true) }
    }

    /// Called by the pre-update hook for every row about to change, in any table.
    fileprivate func note(_ db: OpaquePointer?, _ operation: Int32, _ table: UnsafePointer<CChar>, oldKey: Int64, newKey: Int64) {
        for source in watched where strcmp(source.table, table) == 0 {
            if operation != SQLITE_INSERT { note(source, operation: operation, value: sqlite3_preupdate_old, key: oldKey, db) }
            if operation != SQLITE_DELETE { note(source, operation: operation, value: sqlite3_preupdate_new, key: newKey, db) }
        }
    }

    private func note(
        _ source: Watched, operation: Int32,
        value: (OpaquePointer?, Int32, UnsafeMutablePointer<OpaquePointer?>?) -> Int32, key: Int64, _ db: OpaquePointer?
    ) {
        guard let column = source.column else {
            noted[source.kind].insert(key)
            return
        }
        var cell: OpaquePointer?
        guard value(db, column, &cell) == SQLITE_OK, let cell, sqlite3_value_type(cell) == SQLITE_INTEGER else { return }
        noted[source.kind].insert(sqlite3_value_int64(cell))
    }
}

extension Connection {
    /// Starts noting the changed rows of `sources` in a `RowChangeLog` (`changeLog`), its
    /// ids in `kinds` sets; a source whose table or column the schema lacks is left out.
    package func logChanges(of sources: [RowChangeLog.Source], kinds: Int) throws(DatabaseError) {
        var watched: [RowChangeLog.Watched] = []
        for source in sources {
            let columns = try rows("SELECT cid, name FROM pragma_table_info(\(source.table), 'main')")
            guard !columns.isEmpty else { continue }
            var index: Int32?
            if let name = source.column {
                guard let cid: Int64 = columns.first(where: { $0["name"] == name })?["cid"] else { continue }
                index = Int32(cid)
            }
            watched.append(RowChangeLog.Watched(table: source.table.utf8CString.map { $0 }, kind: source.kind, column: index))
        }
        let log = RowChangeLog(watched, kinds: kinds)
        changeLog = log
        let context = Unmanaged.passUnretained(log).toOpaque()
        sqlite3_preupdate_hook(handle, { context, db, operation, database, table, oldKey, newKey in
            guard let context, let database, let table, strcmp(database, "main") == 0 else { return }
            Unmanaged<RowChangeLog>.fromOpaque(context).takeUnretainedValue()
                .note(db, operation, table, oldKey: oldKey, newKey: newKey)
        }, context)
        sqlite3_rollback_hook(handle, { context in
            guard let context else { return }
            Unmanaged<RowChangeLog>.fromOpaque(context).takeUnretainedValue().clear()
        }, context)
    }
}
