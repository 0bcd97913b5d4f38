import Foundation

/// A value a user typed that breaks a field rule; `message` says what is wrong and what to do.
public struct ValidationError: Error, Equatable, Sendable, LocalizedError {
    /// The field that failed, e.g. "playlist name".
    public let field: String
    public let message: String

    public init(field: String, message: String) {
        self.field = field
        self.message = message
    }

    public var errorDescription: String? { message }
}
