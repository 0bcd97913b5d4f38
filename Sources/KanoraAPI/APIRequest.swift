import Foundation

/// One operation of Kanora's HTTP API, FOSMVVM's `ServerRequest`: its query, body and
/// response types, its HTTP method and its path are defined here once, and both the
/// server's handler and the client encode and decode the same types.
///
/// A request's `Query` travels as one JSON value in the `q` URL parameter (so a query of
/// any shape, a `LibraryQuery` or a raw path, needs no hand-written URL syntax); its `Body`
/// as a JSON request body. Paths have no parameters: names and ids travel in the query or
/// the body, so no URL string is assembled anywhere but in `target`.
public protocol APIRequest: Sendable {
    /// What a GET request asks (`APIEmpty` when nothing).
    associatedtype Query: Codable & Sendable = APIEmpty
    /// What a POST, PUT or DELETE request sends (`APIEmpty` when nothing).
    associatedtype Body: Codable & Sendable = APIEmpty
    /// What the server answers: for a streaming request, the type of each NDJSON line.
    associatedtype Response: Codable & Sendable

    /// The HTTP method.
    static var method: APIMethod { get }
    /// The path below `/api/v1/`, e.g. `tracks` or `playlists/entries`.
    static var endpoint: String { get }
    /// Who may send it: declared beside the request, enforced by the server in one place.
    static var access: APIAccess { get }
    /// The largest body the server reads for it (`APIBodyLimit.small` unless it declares
    /// more): a larger one is refused with 413 before it is read whole.
    static var maximumBodySize: Int { get }

    var query: Query { get }
    var body: Body { get }
    init(query: Query, body: Body)
}

/// A request whose answer is a stream of `Response` values, one JSON object per line
/// (`application/x-ndjson`), sent as they happen.
public protocol APIStreamingRequest: APIRequest {}

/// How large a request body may be, by what it carries.
public enum APIBodyLimit {
    /// Names, queries, options: 64 KiB.
    public static let small = 64 << 10
    /// A list of track ids or positions (a whole playlist's entries): 4 MiB.
    public static let trackList = 4 << 20
    /// An imported M3U file, base64 in JSON: 16 MiB.
    public static let playlistFile = 16 << 20
}

/// Who may send a request.
public enum APIAccess: String, Sendable, Codable, CaseIterable {
    /// Anyone, signed in or not: only signing in itself.
    case anyone
    /// Any user with a valid key or session: reads, and their own playlists, stars and plays.
    case user
    /// Administrators only: libraries, scans, prune, merge, other users and their keys.
    case admin

    /// Whether a user (an administrator or not) may send such a request.
    public func admits(isAdmin: Bool) -> Bool {
        self != .admin || isAdmin
    }

    /// The message of a refusal: what was asked, and the role it needs.
    public func refusal(_ what: String) -> String {
        "\(what) needs an administrator: ask an admin of this server, or use an admin's API key (`kanora user add NAME --admin`)."
    }
}

/// The HTTP methods the API uses.
public enum APIMethod: String, Sendable, CaseIterable {
    case get = "GET", post = "POST", put = "PUT", patch = "PATCH", delete = "DELETE"
}

/// Nothing: the query or body of a request that has none, or an answer with no content.
public struct APIEmpty: Codable, Sendable, Equatable {
    public init() {}
}

extension APIRequest {
    public static var maximumBodySize: Int { APIBodyLimit.small }

    /// The absolute path, `/api/v1/ENDPOINT`: derived here and nowhere else.
    public static var path: String { API.root + endpoint }

    /// The path and, when the query is not empty, `?q=JSON`: what a client requests.
    public func target() throws -> String {
        guard Query.self != APIEmpty.self else { return Self.path }
        let json = String(decoding: try API.encoder.encode(query), as: UTF8.self)
        var components = URLComponents()
        components.queryItems = [URLQueryItem(name: API.queryParameter, value: json)]
        // URLComponents leaves `+` alone, which servers read as a space.
        let encoded = (components.percentEncodedQuery ?? "").replacingOccurrences(of: "+", with: "%2B")
        return Self.path + "?" + encoded
    }

    /// The query a server reads from the `q` parameter's text (nil: absent).
    public static func decodeQuery(_ text: String?) throws -> Query {
        if Query.self == APIEmpty.self { return APIEmpty() as! Query }
        guard let text else {
            throw DecodingError.valueNotFound(Query.self, .init(codingPath: [], debugDescription: "The request needs its `\(API.queryParameter)` parameter."))
        }
        return try API.decoder.decode(Query.self, from: Data(text.utf8))
    }

    /// The body a server reads from the request's bytes (empty: `APIEmpty`).
    public static func decodeBody(_ data: Data) throws -> Body {
        if Body.self == APIEmpty.self { return APIEmpty() as! Body }
        return try API.decoder.decode(Body.self, from: data)
    }
}

extension APIRequest where Body == APIEmpty {
    /// A request with only a query.
    public init(_ query: Query) { self.init(query: query, body: APIEmpty()) }
}

extension APIRequest where Query == APIEmpty {
    /// A request with only a body.
    public init(_ body: Body) { self.init(query: APIEmpty(), body: body) }
}

extension APIRequest where Query == APIEmpty, Body == APIEmpty {
    /// A request with neither query nor body.
    public init() { self.init(query: APIEmpty(), body: APIEmpty()) }
}
