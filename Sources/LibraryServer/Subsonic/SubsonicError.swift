import LibraryServices

/// A Subsonic API error: answered with HTTP 200, `status="failed"` and this code and message.
///
/// Throw it from an endpoint handler; the layer renders it in the requested format.
public struct SubsonicError: Error, Equatable, Sendable {
    /// The Subsonic error code (0 generic, 10 missing or bad parameter, 40 wrong
    /// credentials, 43 conflicting credentials, 44 bad API key, 50 not authorized, 70 not found).
    public let code: Int
    /// A sentence a user can act on; never contains a secret.
    public let message: String

    public init(code: Int, _ message: String) {
        self.code = code
        self.message = message
    }

    /// Code 0: something failed that is not the client's fault.
    public static func generic(_ message: String) -> SubsonicError { SubsonicError(code: 0, message) }

    /// Code 10: a required parameter is absent.
    public static func missingParameter(_ name: String) -> SubsonicError {
        SubsonicError(code: 10, "Required parameter '\(name)' is missing")
    }

    /// Code 10: a parameter is present but unusable (not a number, not an id...).
    public static func invalidParameter(_ name: String, _ reason: String) -> SubsonicError {
        SubsonicError(code: 10, "Parameter '\(name)' \(reason)")
    }

    /// Code 40: the user name or password (token) is wrong.
    public static let wrongCredentials = SubsonicError(code: 40, "Wrong username or password")

    /// Code 43: an API key and a user name were both given.
    public static let conflictingCredentials = SubsonicError(
        code: 43, "Pass either apiKey or u with p or t and s, not both")

    /// Code 44: the API key is unknown.
    public static let invalidAPIKey = SubsonicError(code: 44, "Invalid API key")

    /// Code 50: the user may not do this.
    public static func notAuthorized(_ message: String) -> SubsonicError { SubsonicError(code: 50, message) }

    /// Code 70: the item asked for does not exist.
    public static func notFound(_ message: String) -> SubsonicError { SubsonicError(code: 70, message) }

    /// The Subsonic error for any error thrown by a handler: what the error means is read as
    /// `/api/v1/` reads it (`LibraryError(answering:)`), then its kind maps to a code (not
    /// found 70, invalid input 10, forbidden 50); anything else is a generic error 0.
    public static func wrap(_ error: any Error) -> SubsonicError {
        if let error = error as? SubsonicError { return error }
        let failure = LibraryError(answering: error)
        switch failure.code {
        case .notFound: return .notFound(failure.message)
        case .invalidInput: return SubsonicError(code: 10, failure.message)
        case .forbidden: return .notAuthorized(failure.message)
        default: return .generic(error is LibraryError ? failure.message : "The server failed: \(failure.message)")
        }
    }
}
