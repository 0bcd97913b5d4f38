import Foundation
import LibraryCore
import LibraryStorage

/// The services' one error type: what went wrong, in a sentence a user can act on.
public struct LibraryError: Error, Equatable, Sendable, LocalizedError {
    /// The broad kind, for callers that branch (exit codes, retries).
    public enum Code: String, Sendable, Equatable {
        /// The user's input breaks a rule (name, query, position...).
        case invalidInput
        /// A library, track or playlist that does not exist.
        case notFound
        /// The change would collide with something that exists (duplicate name).
        case conflict
        /// The item exists but belongs to another user (their playlist).
        case forbidden
        /// A folder or file on disk is missing, unreadable or of the wrong kind.
        case fileSystem
        /// The database is not usable (not Kanora's, newer, busy, corrupt).
        case database
        /// A mock was called for something the test did not set up.
        case unimplemented
        /// The credentials (a server's API key) are missing or wrong.
        case unauthorized
        /// A server cannot be reached, timed out, or is not a Kanora server this client speaks to.
        case unavailable
    }

    public let code: Code
    public let message: String

    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    public var errorDescription: String? { message }

    /// Maps lower-layer errors to a `LibraryError`, keeping their messages.
    public static func wrap(_ error: any Error) -> LibraryError {
        switch error {
        case let error as LibraryError: return error
        case let error as ValidationError: return LibraryError(.invalidInput, error.message)
        case let error as QueryError: return LibraryError(.invalidInput, error.message)
        case let error as DatabaseError where error.interruption != nil:
            return interrupted(error.interruption)
        case let error as DatabaseError where error.isBusy:
            return LibraryError(.database, "The database is busy (another kanora is writing to it): try again when it has finished.")
        case let error as DatabaseError:
            return LibraryError(.database, error.sql == nil ? error.message : error.description)
        default: return LibraryError(.database, error.localizedDescription)
        }
    }

    /// The error of SQL stopped by its `StatementLimits`: past its time, a query the user
    /// can narrow; at shutdown, a server to try again later.
    private static func interrupted(_ interruption: DatabaseError.Interruption?) -> LibraryError {
        switch interruption {
        case .deadline(let timeout):
            return LibraryError(
                .invalidInput, "The query took longer than \(seconds(timeout)) s: narrow it (a shorter regular expression, fewer terms).")
        case .shutdown, nil:
            return LibraryError(.unavailable, "The server is shutting down: try again once it is back.")
        }
    }

    /// `10`, `0.5`: a duration in seconds as a person writes it.
    private static func seconds(_ duration: Duration) -> String {
        let (whole, attoseconds) = duration.components
        guard attoseconds != 0 else { return String(whole) }
        let value = Double(whole) + Double(attoseconds) / 1e18
        return String(format: "%g", value)
    }
}
