import LibraryServices

/// A `ViewState` travels as `{"status": "loaded"}` (`idle`, `loading`, `loaded`), or
/// `{"status": "failed", "error": {"kind": "notFound", "message": "..."}}`, so a server-hosted
/// view model's state says whether it loaded and, if not, why.
extension ViewState: Codable {
    private enum Status: String, Codable {
        case idle, loading, loaded, failed
    }

    private enum CodingKeys: String, CodingKey {
        case status, error
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        switch try container.decode(Status.self, forKey: .status) {
        case .idle: self = .idle
        case .loading: self = .loading
        case .loaded: self = .loaded
        case .failed: self = .failed(try container.decode(LibraryError.self, forKey: .error))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .idle: try container.encode(Status.idle, forKey: .status)
        case .loading: try container.encode(Status.loading, forKey: .status)
        case .loaded: try container.encode(Status.loaded, forKey: .status)
        case .failed(let error):
            try container.encode(Status.failed, forKey: .status)
            try container.encode(error, forKey: .error)
        }
    }
}
