import CSQLite
import Foundation
import LibraryCore

/// An SQLite failure, carrying the result code, SQLite's message and the SQL that failed.
package struct DatabaseError: Error, Equatable, Sendable, LocalizedError, CustomStringConvertible {
    /// The primary or extended SQLite result code (e.g. 19 for a constraint failure).
    package let code: Int32
    /// SQLite's own message.
    package let message: String
    /// The statement that failed, when there was one.
    package let sql: String?
    /// Why Kanora stopped the statement (`StatementLimits`), when it did.
    package let interruption: Interruption?

    /// Why Kanora interrupted a statement.
    package enum Interruption: Sendable, Equatable {
        /// The call ran longer than its limits' timeout (the time it was given).
        case deadline(Duration)
        /// The limits' interrupter was triggered: the server is shutting down.
        case shutdown
    }

    /// An error with SQLite's `code` and `message`, the `sql` that failed and, for a
    /// statement Kanora stopped, why.
    package init(code: Int32, message: String, sql: String? = nil, interruption: Interruption? = nil) {
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
    package var primaryCode: Int32 { code & 0xFF }

    /// Whether this is a constraint violation (NOT NULL, UNIQUE, CHECK, FOREIGN KEY).
    package var isConstraintViolation: Bool { primaryCode == SQLITE_CONSTRAINT }

    /// Whether the database was busy or locked by another connection.
    package var isBusy: Bool { primaryCode == SQLITE_BUSY || primaryCode == SQLITE_LOCKED }

    package var description: String {
        var text = "SQLite error \(code): \(message)"
        if let sql { text += " - while executing `\(sql)`" }
        return text
    }

    package var errorDescription: String? { description }
}
