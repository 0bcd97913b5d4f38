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
    /// Why Kanora stopped the statement (`StatementLimits`), when it did.
    public let interruption: Interruption?

    /// Why Kanora interrupted a statement.
    public enum Interruption: Sendable, Equatable {
        /// The call ran longer than its limits' timeout (the time it was given).
        case deadline(Duration)
        /// The limits' interrupter was triggered: the server is shutting down.
        case shutdown
    }

    /// An error with SQLite's `code` and `message`, the `sql` that failed and, for a
    /// statement Kanora stopped, why.
    public init(code: Int32, message: String, sql: String? = nil, interruption: Interruption? = nil) {
        self.code = code
        self.message = message
        self.sql = sql
        self.interruption = interruption
    }

    /// The error of a statement Kanora interrupted (SQLITE_INTERRUPT).
    init(_ interruption: Interruption) {
        let message = switch interruption {
        case .deadline(let timeout): "interrupted: the statement ran past its \(timeout) limit"
        case .shutdown: "interrupted: shutting down"
        }
        self.init(code: SQLITE_INTERRUPT, message: message, interruption: interruption)
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
