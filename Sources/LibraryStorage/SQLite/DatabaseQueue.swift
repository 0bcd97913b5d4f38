import Foundation
import LibraryCore

/// Thread-safe access to one database: a writer connection and, for files, a pool of
/// reader connections, so reads (WAL snapshots) run side by side and never wait for a
/// write batch to commit. In-memory databases have the one connection.
///
/// The synchronous `read` and `write` block the calling thread; async code uses
/// `asyncRead` and `asyncWrite`, which run the same work on the queue's own threads (one per
/// reader connection, one for writes: see `DatabaseExecutor`), never on Swift's cooperative
/// threads.
package final class DatabaseQueue: Sendable {
    /// How many reader connections a file database opens at most (lazily, as reads overlap).
    package static let defaultReaderCount = 4

    private let writer: SerializedConnection
    private let readers: ConnectionPool?
    /// Runs the checkpoints of a file database beside the writer (see `BackgroundCheckpointer`).
    private let checkpointer: BackgroundCheckpointer?
    /// The threads `asyncRead` runs on: one per reader connection.
    private let readThreads: DatabaseExecutor
    /// The thread `asyncWrite` runs on: a write waiting for the lock holds only this one.
    private let writeThread = DatabaseExecutor(maximumThreads: 1)
    /// Where the database lives.
    package let location: Connection.Location
    /// Reads what each write changed and tells the observers once it is committed.
    private let commits: CommitObservers

    /// Wraps already-configured connections. Use `Database.open` for a migrated database.
    ///
    /// - Parameter openReader: opens another reader connection, up to `readerCount` in all
    ///   counting `reader`.
    /// - Parameter changes: reads and empties the writer's change log (see `ChangeLog`);
    ///   nil: writes report no changes.
    init(
        location: Connection.Location, writer: Connection, reader: Connection?,
        readerCount: Int = DatabaseQueue.defaultReaderCount, checkpointer: BackgroundCheckpointer? = nil,
        changes: (@Sendable (Connection) throws -> CommittedChanges)? = nil,
        openReader: @escaping @Sendable () throws -> Connection
    ) {
        self.location = location
        commits = CommitObservers(drain: changes)
        if let checkpointer {
            writer.checkpoint(in: checkpointer)
            BackgroundCheckpointer.open.add(checkpointer)
        }
        self.writer = SerializedConnection(writer)
        self.readers = reader.map { ConnectionPool(first: $0, capacity: max(1, readerCount), open: openReader) }
        self.checkpointer = checkpointer
        self.readThreads = DatabaseExecutor(maximumThreads: reader == nil ? 1 : max(1, readerCount))
    }

    deinit {
        checkpointer?.settle()
    }

    /// Runs `body` inside a write transaction (`BEGIN IMMEDIATE`); rolls back if it throws.
    ///
    /// Under `StatementLimits.current` (a network request), `body` is interrupted past its
    /// timeout or at shutdown (a `DatabaseError` with an `interruption`); the same holds for
    /// every call below.
    package func write<T>(_ body: (Connection) throws -> T) throws -> T {
        try write(watch: StatementWatch.start(), body)
    }

    /// `write`, with what the transaction changed added to `collector` instead of going to
    /// the commit observers (nil: to the observers, as `write` does), for work that commits
    /// in many transactions and reports them once (a scan).
    package func write<T>(collectingChangesIn collector: ChangeCollector?, _ body: (Connection) throws -> T) throws -> T {
        try write(watch: StatementWatch.start(), collector: collector, body)
    }

    /// Runs `body` on the writer connection without opening a transaction. What its own
    /// transactions (or single statements) committed goes to the commit observers after it.
    package func writeWithoutTransaction<T>(_ body: (Connection) throws -> T) throws -> T {
        let watch = StatementWatch.start()
        return try writer.withConnection { connection in
            // Even when `body` throws: what it committed before is committed.
            defer {
                if !connection.isInTransaction, let changes = try? commits.changes(connection) {
                    commits.committed(changes, collector: nil)
                }
            }
            return try connection.watched(by: watch) { try body(connection) }
        }
    }

    /// Calls `observer` with what each write transaction changed (see `CommittedChanges`),
    /// once it is committed and only if it changed something, in commit order. It runs on
    /// the writing thread while the writer is held: it must return at once, and never use
    /// this queue.
    package func observeCommits(_ observer: @escaping @Sendable (CommittedChanges) -> Void) {
        commits.add(observer)
    }

    /// Runs `body` in a read transaction, so all its queries see one consistent snapshot.
    package func read<T>(_ body: (Connection) throws -> T) throws -> T {
        try read(watch: StatementWatch.start(), body)
    }

    /// `read`, run on a database thread while the caller's task is suspended. The time
    /// limit counts from this call, waiting for a thread included.
    package func asyncRead<T: Sendable>(_ body: @escaping @Sendable (Connection) throws -> T) async throws -> T {
        let watch = StatementWatch.start()
        return try await readThreads.run { try self.read(watch: watch, body) }
    }

    /// `write` (one transaction), run on a database thread while the caller's task is
    /// suspended. The time limit counts from this call, waiting for the writer included.
    package func asyncWrite<T: Sendable>(_ body: @escaping @Sendable (Connection) throws -> T) async throws -> T {
        let watch = StatementWatch.start()
        return try await writeThread.run { try self.write(watch: watch, body) }
    }

    private func write<T>(watch: StatementWatch?, collector: ChangeCollector? = nil, _ body: (Connection) throws -> T) throws -> T {
        try watch?.check()
        return try writer.withConnection { connection in
            // The log is taken inside the transaction, after `body` (outside its watch); if
            // the COMMIT then fails, what was taken is dropped with the transaction.
            let (result, changes) = try connection.transaction {
                (try connection.watched(by: watch) { try body(connection) }, try commits.changes(connection))
            }
            commits.committed(changes, collector: collector)
            return result
        }
    }

    private func read<T>(watch: StatementWatch?, _ body: (Connection) throws -> T) throws -> T {
        try watch?.check()
        if let readers {
            return try readers.withConnection { try Self.readTransaction($0, watch: watch, body) }
        }
        return try writer.withConnection { try Self.readTransaction($0, watch: watch, body) }
    }

    /// BEGIN, `body` (watched), COMMIT: the watch covers `body` only, so an interrupted
    /// read still ends its transaction and the connection goes back to the pool clean.
    private static func readTransaction<T>(
        _ connection: Connection, watch: StatementWatch?, _ body: (Connection) throws -> T
    ) throws -> T {
        if connection.isInTransaction { return try connection.watched(by: watch) { try body(connection) } }
        try connection.execute("BEGIN DEFERRED")
        do {
            let result = try connection.watched(by: watch) { try body(connection) }
            try connection.execute("COMMIT")
            return result
        } catch {
            try? connection.execute("ROLLBACK")
            throw error
        }
    }
}

/// A connection reachable only under its lock: the invariant that makes it Sendable.
private final class SerializedConnection: @unchecked Sendable {
    private let lock = NSLock()
    private let connection: Connection

    init(_ connection: Connection) {
        self.connection = connection
    }

    func withConnection<T>(_ body: (Connection) throws -> T) throws -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body(connection)
    }
}

/// Reader connections, each used by one thread at a time: a read takes an idle one, opens
/// another while fewer than `capacity` exist, or waits for one to be returned.
private final class ConnectionPool: @unchecked Sendable {
    private let condition = NSCondition()
    private var idle: [Connection]
    private var opened: Int
    private let capacity: Int
    private let open: @Sendable () throws -> Connection

    init(first: Connection, capacity: Int, open: @escaping @Sendable () throws -> Connection) {
        idle = [first]
        opened = 1
        self.capacity = capacity
        self.open = open
    }

    func withConnection<T>(_ body: (Connection) throws -> T) throws -> T {
        let connection = try checkOut()
        defer { checkIn(connection) }
        return try body(connection)
    }

    private func checkOut() throws -> Connection {
        condition.lock()
        defer { condition.unlock() }
        while true {
            if let connection = idle.popLast() { return connection }
            if opened < capacity {
                let connection = try open()
                opened += 1
                return connection
            }
            condition.wait()
        }
    }

    private func checkIn(_ connection: Connection) {
        condition.lock()
        idle.append(connection)
        condition.signal()
        condition.unlock()
    }
}
