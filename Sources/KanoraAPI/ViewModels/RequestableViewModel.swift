import Foundation
import LibraryServices

/// A server-hosted view model (FOSMVVM's `RequestableViewModel`): `Codable` state with a
/// stable `id`, fetched with its own request type from `GET /api/v1/viewmodels/NAME`. Its
/// user-facing text is `LocalizableString` and friends, resolved while the server encodes it.
public protocol RequestableViewModel: Codable, Sendable, Identifiable where ID == String {
    /// The request that fetches it.
    associatedtype Request: ViewModelRequest where Request.ResponseBody == Self
    /// An example with every field filled: for tests and previews.
    static func stub() -> Self
}

/// Who may fetch a hosted view model: declared beside each request, enforced by the server
/// in one place.
public enum ViewModelAccess: String, Sendable, CaseIterable {
    /// Anyone, signed in or not (the sign-in screen).
    case anyone
    /// Any signed-in user.
    case user
    /// Administrators only.
    case admin

    /// Whether a caller (nil: not signed in) may fetch it.
    public func admits(isAdmin: Bool?) -> Bool {
        switch self {
        case .anyone: true
        case .user: isAdmin != nil
        case .admin: isAdmin == true
        }
    }
}

/// The request of a hosted view model: its name (the path below `viewmodels/`), who may send
/// it, and its query, sent as plain URL parameters (`?sort=name&offset=60`).
public protocol ViewModelRequest: Sendable {
    /// What the client chooses (`NoQuery` when nothing).
    associatedtype Query: ViewModelQuery = NoQuery
    /// The view model answered.
    associatedtype ResponseBody: RequestableViewModel

    /// The path below `/api/v1/viewmodels/`.
    static var name: String { get }
    /// Who may send it.
    static var access: ViewModelAccess { get }

    var query: Query { get }
    init(query: Query)
}

extension ViewModelRequest {
    /// `/api/v1/viewmodels/NAME`.
    public static var path: String { API.root + "viewmodels/" + name }

    /// The path with the query's parameters: what a client requests.
    public func target() -> String {
        let parameters = query.parameters.sorted { $0.key < $1.key }
        guard !parameters.isEmpty else { return Self.path }
        var components = URLComponents()
        components.queryItems = parameters.map { URLQueryItem(name: $0.key, value: $0.value) }
        let encoded = (components.percentEncodedQuery ?? "").replacingOccurrences(of: "+", with: "%2B")
        return Self.path + "?" + encoded
    }
}

extension ViewModelRequest where Query == NoQuery {
    /// The request (it has no query).
    public init() { self.init(query: NoQuery()) }
}

/// The query of a view-model request, read from and written to URL parameters.
public protocol ViewModelQuery: Sendable, Equatable {
    /// Reads the parameters; a value out of bounds or of the wrong kind is a `ViewModelFailure`.
    init(parameters: [String: String]) throws(ViewModelFailure)
    /// The parameters that ask for this query.
    var parameters: [String: String] { get }
}

/// No query.
public struct NoQuery: ViewModelQuery {
    public init() {}
    public init(parameters: [String: String]) {}
    public var parameters: [String: String] { [:] }
}

/// A failure answered in the error envelope with a localized message: its kind (the HTTP
/// status follows) and the catalog key of what to say.
public struct ViewModelFailure: Error, Sendable, Equatable {
    /// The kind, as the API's error envelope names it.
    public var code: LibraryError.Code
    /// What to say, resolved in the request's language.
    public var message: LocalizableString

    public init(_ code: LibraryError.Code, _ message: LocalizableString) {
        self.code = code
        self.message = message
    }
}

/// Reading URL parameters, with failures that name the parameter.
public enum QueryParameters {
    /// The integer `name` (nil when absent) within `range`.
    public static func integer(
        _ parameters: [String: String], _ name: String, in range: ClosedRange<Int>
    ) throws(ViewModelFailure) -> Int? {
        guard let text = parameters[name] else { return nil }
        guard let value = Int(text), range.contains(value) else {
            throw ViewModelFailure(.invalidInput, .key("error.parameter.range", [
                "name": .text(name), "value": .text(text), "low": .number(range.lowerBound), "high": .number(range.upperBound),
            ]))
        }
        return value
    }

    /// The id `name`, which must be there.
    public static func id(_ parameters: [String: String], _ name: String = "id") throws(ViewModelFailure) -> Int64 {
        guard let text = parameters[name] else {
            throw ViewModelFailure(.invalidInput, .key("error.parameter.missing", ["name": .text(name)]))
        }
        guard let value = Int64(text), value > 0 else {
            throw ViewModelFailure(.invalidInput, .key("error.parameter.id", ["name": .text(name), "value": .text(text)]))
        }
        return value
    }
}
