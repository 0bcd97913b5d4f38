import Foundation

/// What may be shown of an API key: never the key (only its hash is stored), but its id,
/// owner, label and dates, so a user can tell their keys apart and revoke one.
public struct APIKeyInfo: Sendable, Equatable, Codable, Identifiable {
    /// The key's row id: how a key is named when it is revoked.
    public var id: Int64
    /// The user the key logs in as.
    public var userID: Int64
    /// What the user called it ("phone"), if anything.
    public var label: String?
    /// When the key was created (to the second).
    public var createdAt: Date
    /// When it last logged in, to the minute (nil: never).
    public var lastUsedAt: Date?

    public init(id: Int64, userID: Int64, label: String?, createdAt: Date, lastUsedAt: Date?) {
        self.id = id
        self.userID = userID
        self.label = label
        self.createdAt = createdAt
        self.lastUsedAt = lastUsedAt
    }
}

/// A key just created: the key itself, shown this once, and what is kept of it.
public struct NewAPIKey: Sendable, Equatable, Codable {
    /// The secret (`knr_...`): not stored anywhere, so it cannot be shown again.
    public var key: String
    /// What is kept of it: its id, label and dates.
    public var info: APIKeyInfo

    public init(key: String, info: APIKeyInfo) {
        self.key = key
        self.info = info
    }
}

/// A web session just started: the token (sent once, in the cookie; only its hash is stored),
/// whose it is and when it ends.
public struct NewSession: Sendable, Equatable {
    /// The secret (`kns_...`) the browser sends back in its cookie.
    public var token: String
    public var user: User
    public var expires: Date

    public init(token: String, user: User, expires: Date) {
        self.token = token
        self.user = user
        self.expires = expires
    }
}
