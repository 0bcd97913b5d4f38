import CSQLite
import LibraryCore

/// Binds a statement's arguments one by one, in order, without boxing each value in an
/// existential: for statements a scan runs thousands of times with dozens of arguments.
package struct ArgumentBinder {
    fileprivate let handle: OpaquePointer
    fileprivate var count: Int32 = 0
    fileprivate var failure: Int32 = SQLITE_OK

    fileprivate init(handle: OpaquePointer) {
        self.handle = handle
    }

    /// Binds the next parameter with `bind(handle, index)`, remembering the first failure.
    private mutating func next(_ bind: (OpaquePointer, Int32) -> Int32) {
        count += 1
        let code = bind(handle, count)
        if code != SQLITE_OK && failure == SQLITE_OK { failure = code }
    }

    package mutating func bind(_ value: Int64?) {
        next { handle, index in value.map { sqlite3_bind_int64(handle, index, $0) } ?? sqlite3_bind_null(handle, index) }
    }

    package mutating func bind(_ value: Int?) {
        bind(value.map(Int64.init))
    }

    package mutating func bind(_ value: Bool) {
        bind(Int64(value ? 1 : 0))
    }

    package mutating func bind(_ value: Double?) {
        next { handle, index in value.map { sqlite3_bind_double(handle, index, $0) } ?? sqlite3_bind_null(handle, index) }
    }

    package mutating func bind(_ value: String?) {
        next { handle, index in
            guard var text = value else { return sqlite3_bind_null(handle, index) }
            return text.withUTF8 { utf8 in
                sqlite3_bind_text(handle, index, UnsafeRawPointer(utf8.baseAddress ?? UnsafePointer(bitPattern: 1)!)
                    .assumingMemoryBound(to: CChar.self), Int32(utf8.count), csqlite_transient())
            }
        }
    }

    package mutating func bind(_ value: [UInt8]) {
        next { handle, index in
            value.withUnsafeBytes { raw in
                sqlite3_bind_blob(handle, index, raw.baseAddress ?? UnsafeRawPointer(bitPattern: 1), Int32(raw.count), csqlite_transient())
            }
        }
    }
}

extension Statement {
    /// Resets the statement, binds its arguments through `body`, checks that every
    /// parameter got one, and runs the statement to completion.
    package func execute(binding body: (inout ArgumentBinder) -> Void) throws(DatabaseError) {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
        var binder = ArgumentBinder(handle: handle)
        body(&binder)
        guard binder.count == Int32(parameterCount) else { throw wrongArgumentCount(Int(binder.count)) }
        guard binder.failure == SQLITE_OK else { throw DatabaseError(code: binder.failure, message: "cannot bind an argument", sql: sql) }
        while try step() {}
    }
}
