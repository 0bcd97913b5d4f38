import Foundation

/// Thread-safe access to one database: a writer connection, and for files a separate
/// reader connection so reads (WAL snapshots) never wait for a write batch to commit.
public final class DatabaseQueue: Sendable {
    private let writer: SerializedConnection
    private let reader: SerializedConnection?
    /// Where the database lives.
    public let location: Connection.Location

    /// Wraps already-configured connections. Use `Database.open` for a migrated database.
    init(location: Connection.Location, writer: Connection, reader: Connection?) {
        self.location = location
        self.writer = SerializedConnection(writer)
        self.reader = reader.map(SerializedConnection.init)
    }

    /// Runs `body` inside a write transaction (`BEGIN IMMEDIATE`); rolls back if it throws.
    public func write<T>(_ body: (Connection) throws -> T) throws -> T {
        try writer.withConnection { connection in
            try connection.transaction { try body(connection) }
        }
    }

    /// Runs `body` on the writer connection without opening a transaction.
    public func writeWithoutTransaction<T>(_ body: (Connection) throws -> T) throws -> T {
        try writer.withConnection(body)
    }

    /// Runs `body` in a read transaction, so all its queries see one consistent snapshot.
    public func read<T>(_ body: (Connection) throws -> T) throws -> T {
        try (reader ?? writer).withConnection { connection in
            if connection.isInTransaction { return try body(connection) }
            try connection.execute("BEGIN DEFERRED")
            do {
                let result = try body(connection)
                try connection.execute("COMMIT")
                return result
            } catch {
                try? connection.execute("ROLLBACK")
                throw error
            }
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
