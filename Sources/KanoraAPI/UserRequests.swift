import Foundation
import LibraryCore
import LibraryServices

/// A new key's label (none: `null` or absent).
public struct NewKeyBody: Codable, Sendable, Equatable {
    public var label: String?
    public init(label: String? = nil) { self.label = label }
}

/// Which keys to revoke: the one with `id`, or every one with `all`. Exactly one of the two.
public struct RevokeKeysBody: Codable, Sendable, Equatable {
    public var id: Int64?
    public var all: Bool?
    public init(id: Int64? = nil, all: Bool? = nil) { self.id = id; self.all = all }
}

/// Which keys of the user named `name` to revoke (an administrator's request).
public struct RevokeUserKeysBody: Codable, Sendable, Equatable {
    public var name: String
    public var id: Int64?
    public var all: Bool?
    public init(name: String, id: Int64? = nil, all: Bool? = nil) { self.name = name; self.id = id; self.all = all }
}

/// `GET keys`: the caller's own API keys (ids, labels, dates; never the keys).
public struct APIKeysRequest: APIRequest {
    public typealias Response = [APIKeyInfo]
    public static let method = APIMethod.get, endpoint = "keys"
    public static let access = APIAccess.user
    public let query: APIEmpty, body: APIEmpty
    public init(query: APIEmpty, body: APIEmpty) { self.query = query; self.body = body }
}

/// `POST keys`: a new API key for the caller, shown in the answer only.
public struct CreateAPIKeyRequest: APIRequest {
    public typealias Response = NewAPIKey
    public static let method = APIMethod.post, endpoint = "keys"
    public static let access = APIAccess.user
    public let query: APIEmpty, body: NewKeyBody
    public init(query: APIEmpty, body: NewKeyBody) { self.query = query; self.body = body }
}

/// `DELETE keys`: revokes one of the caller's keys, or all of them; answers how many.
public struct RevokeAPIKeysRequest: APIRequest {
    public typealias Response = APICount
    public static let method = APIMethod.delete, endpoint = "keys"
    public static let access = APIAccess.user
    public let query: APIEmpty, body: RevokeKeysBody
    public init(query: APIEmpty, body: RevokeKeysBody) { self.query = query; self.body = body }
}

/// `GET users`: every account (an administrator's request).
public struct UsersRequest: APIRequest {
    public typealias Response = [User]
    public static let method = APIMethod.get, endpoint = "users"
    public static let access = APIAccess.admin
    public let query: APIEmpty, body: APIEmpty
    public init(query: APIEmpty, body: APIEmpty) { self.query = query; self.body = body }
}

/// `GET users/keys`: any user's API keys (an administrator's request).
public struct UserKeysRequest: APIRequest {
    public typealias Response = [APIKeyInfo]
    public static let method = APIMethod.get, endpoint = "users/keys"
    public static let access = APIAccess.admin
    public let query: NameQuery, body: APIEmpty
    public init(query: NameQuery, body: APIEmpty) { self.query = query; self.body = body }
}

/// `DELETE users/keys`: revokes one or all of any user's keys (an administrator's request).
public struct RevokeUserKeysRequest: APIRequest {
    public typealias Response = APICount
    public static let method = APIMethod.delete, endpoint = "users/keys"
    public static let access = APIAccess.admin
    public let query: APIEmpty, body: RevokeUserKeysBody
    public init(query: APIEmpty, body: RevokeUserKeysBody) { self.query = query; self.body = body }
}
