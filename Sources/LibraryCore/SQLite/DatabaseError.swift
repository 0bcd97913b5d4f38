import CSQLite
import Foundation

/// An SQLite failure, carrying the result code, SQLite's message and the SQL that failed.
public struct DatabaseError: Error, Equatable, Sendable, LocalizedError, CustomStringConvertible {
    /// The primary or extended SQLite result code (e.g. 19 for a constraint failure).
    public let code: Int32
    /// SQLite's own message.
    public let message: String
    /// The statement that failed, when there was one.
    public let sql: String?

    public init(code: Int32, message: String, sql: String? = nil) {
        self.code = code
        self.message = message
        self.sql = sql
    }

    /// The primary result code (the low byte of an extended code).
    public var primaryCode: Int32 { code & 0xFF }

    /// Whether this is a constraint violation (NOT NULL, UNIQUE, CHECK, FOREIGN KEY).
    public var isConstraintViolation: Bool { primaryCode == SQLITE_CONSTRAINT }

    /// Whether the database was busy or locked by another connection.
    public var isBusy: Bool { primaryCode == SQLITE_BUSY || primaryCode == SQLITE_LOCKED }

    public var description: String {
        var text = "SQLite error \(code): \(message)"
        if let sql { text += " - while executing `\(sql)`" }
        return text
    }

    public var errorDescription: String? { description }
}
