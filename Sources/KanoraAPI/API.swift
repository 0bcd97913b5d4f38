import Foundation

/// What the server and the client agree on besides the requests: the version, the root
/// path and the JSON configuration.
public enum API {
    /// The version of the API this code speaks: a server answering another is refused.
    public static let version = 1
    /// Every request's path starts here.
    public static let root = "/api/v1/"
    /// The URL parameter that carries a GET request's query as JSON.
    public static let queryParameter = "q"
    /// The content type of JSON answers.
    public static let jsonContentType = "application/json; charset=utf-8"
    /// The content type of streamed answers: one JSON value per line.
    public static let streamContentType = "application/x-ndjson"

    /// The one JSON encoder configuration: dates as `APIDate` writes them (ISO 8601 in UTC
    /// to the millisecond), compact (no pretty printing, keys unsorted: 20,000 tracks are a
    /// big answer).
    public static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = APIDate.encodingStrategy
        return encoder
    }

    /// The decoder matching `encoder`.
    public static var decoder: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = APIDate.decodingStrategy
        return decoder
    }
}

/// `GET /api/v1/version`: the API version and the server's Kanora version. The client asks
/// once per process and refuses a server speaking another API version.
public struct VersionRequest: APIRequest {
    public typealias Response = VersionInfo
    public static let method = APIMethod.get
    public static let endpoint = "version"
    public static let access = APIAccess.user
    public let query: APIEmpty, body: APIEmpty
    public init(query: APIEmpty, body: APIEmpty) { self.query = query; self.body = body }
}

/// The answer to `VersionRequest`.
public struct VersionInfo: Codable, Sendable, Equatable {
    /// The API version (`API.version`).
    public var api: Int
    /// The server's Kanora version.
    public var server: String

    public init(api: Int = API.version, server: String) {
        self.api = api
        self.server = server
    }
}
