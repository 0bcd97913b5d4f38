import LibraryServices

/// The body of every error answer: `{"error": {"kind": "notFound", "message": "..."}}`,
/// where `kind` is a `LibraryError.Code` raw value and `message` the sentence to show.
public struct APIErrorEnvelope: Codable, Sendable, Equatable {
    /// The error itself.
    public struct Detail: Codable, Sendable, Equatable {
        public var kind: String
        public var message: String
        public init(kind: String, message: String) { self.kind = kind; self.message = message }
    }

    public var error: Detail

    public init(kind: String, message: String) {
        error = Detail(kind: kind, message: message)
    }

    /// The envelope for a service's error.
    public init(_ error: LibraryError) {
        self.init(kind: error.code.rawValue, message: error.message)
    }

    /// The `LibraryError` a client rethrows (an unknown kind becomes `.database`: the server failed).
    public var libraryError: LibraryError {
        LibraryError(LibraryError.Code(rawValue: error.kind) ?? .database, error.message)
    }
}

extension LibraryError.Code {
    /// The HTTP status that fits an error of this kind.
    public var httpStatus: Int {
        switch self {
        case .invalidInput: 400
        case .unauthorized: 401
        case .forbidden: 403
        case .notFound: 404
        case .conflict: 409
        case .unimplemented: 501
        case .unavailable: 503
        case .fileSystem, .database: 500
        }
    }
}
