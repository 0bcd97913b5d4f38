import Foundation

/// A person who owns playlists, stars, ratings and play counts, and (with a password) logs
/// in to `kanora serve`. User 1 is the local user the CLI acts as; it has no password.
public struct User: Sendable, Equatable, Codable, Identifiable {
    /// The local user's id: the CLI's playlists and annotations belong to it.
    public static let localID: Int64 = 1

    public var id: Int64
    public var name: String
    public var isAdmin: Bool
    /// Whether a password is set (only then can the user log in with Subsonic credentials).
    public var hasPassword: Bool
    public var createdAt: Date
    /// How many API keys the user has.
    public var apiKeyCount: Int
    /// The language the web app speaks to the user ("de"); nil follows the browser.
    public var language: String?

    public init(
        id: Int64, name: String, isAdmin: Bool, hasPassword: Bool, createdAt: Date, apiKeyCount: Int = 0,
        language: String? = nil
    ) {
        self.id = id
        self.name = name
        self.isAdmin = isAdmin
        self.hasPassword = hasPassword
        self.createdAt = createdAt
        self.apiKeyCount = apiKeyCount
        self.language = language
    }
}
