import Foundation

/// A malformed query or an unknown field, with a message naming the term.
public struct QueryError: Error, Equatable, Sendable, LocalizedError {
    /// The term as the user typed it (e.g. `colour:red`).
    public let term: String
    /// What is wrong with the term and how to fix it.
    public let message: String

    public init(term: String, message: String) {
        self.term = term
        self.message = message
    }

    public var errorDescription: String? { message }

    /// `<problem> in "<term>": <advice>`, the shape of every query message.
    static func bad(_ term: String, _ problem: String, _ advice: String) -> QueryError {
        QueryError(term: term, message: "\(problem) in \"\(term)\": \(advice)")
    }
}
