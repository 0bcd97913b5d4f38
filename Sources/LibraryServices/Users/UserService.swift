import Foundation
import LibraryCore

/// Accounts and logins. Passwords are kept sealed (never in clear, never logged) and API
/// keys hashed; the checks happen here, so callers never see a stored secret.
public protocol UserService: Sendable {
    /// Every user, by name.
    func users() async throws -> [User]
    /// The user with this name (ignoring case); throws `.notFound`.
    func user(named name: String) async throws -> User
    /// Adds a user with a password; throws `.conflict` for a taken name, `.invalidInput`
    /// for a bad name or a password the rule (`UserRules.validatePassword`) refuses.
    func addUser(named name: String, password: String, isAdmin: Bool) async throws -> User
    /// Removes a user with their playlists, annotations, keys and play queue. The local
    /// user cannot be removed.
    func removeUser(named name: String) async throws -> User
    /// Replaces a user's password and, unless `keepingKeys`, revokes every API key of
    /// theirs (a password is usually changed because it leaked, and keys may have leaked
    /// with it). Returns how many keys were revoked.
    func setPassword(_ password: String, forUser name: String, keepingKeys: Bool) async throws -> Int
    /// Creates an API key for the user, with an optional label (`UserRules.keyLabel`); only
    /// its hash is stored, so the answer is the one time the key can be shown.
    func createAPIKey(forUser name: String, label: String?) async throws -> NewAPIKey
    /// The user's API keys, oldest first: ids, labels and dates, never the keys.
    func apiKeys(forUser name: String) async throws -> [APIKeyInfo]
    /// Revokes one of the user's keys, by id; throws `.notFound` when the user has no such
    /// key (another user's key is never touched).
    func revokeAPIKey(id: Int64, forUser name: String) async throws -> APIKeyInfo
    /// Revokes every key of the user; returns how many there were.
    func revokeAPIKeys(forUser name: String) async throws -> Int
    /// The user, when `password` is theirs (Subsonic `u` + `p`).
    func authenticate(name: String, password: String) async throws -> User?
    /// The user, when `token` is md5(password + salt) (Subsonic `u` + `t` + `s`) and the
    /// salt has at least `UserRules.saltMinLength` characters.
    func authenticate(name: String, token: String, salt: String) async throws -> User?
    /// The user an API key belongs to (OpenSubsonic `apiKey`, Kanora's bearer token).
    func authenticate(apiKey: String) async throws -> User?
    /// Starts a web session for a user who has just proved who they are (the server checks
    /// the password and the login throttle first); the token is in the answer only. Expired
    /// sessions are forgotten on the way.
    func startSession(forUser id: Int64, lifetime: TimeInterval) async throws -> NewSession
    /// The user a live (unexpired) session token belongs to.
    func authenticate(sessionToken: String) async throws -> User?
    /// Ends the session with this token (sign-out); an unknown token changes nothing.
    func endSession(token: String) async throws
    /// Sets the language the web app speaks to the user (`UserRules.validateLanguage`; nil
    /// follows the browser) and returns the user as now stored.
    func setLanguage(_ language: String?, forUser id: Int64) async throws -> User
}

extension UserService {
    /// Creates an API key without a label and returns only the key (for scripts and tests).
    public func createAPIKey(forUser name: String) async throws -> String {
        try await createAPIKey(forUser: name, label: nil).key
    }
}

/// Stars, ratings, play counts and play queues, each belonging to one user.
public protocol AnnotationService: Sendable {
    /// Stars the items (now); starring a starred item keeps its first date.
    func star(_ items: [AnnotatedItem], user: Int64) async throws
    /// Removes the items' stars.
    func unstar(_ items: [AnnotatedItem], user: Int64) async throws
    /// Rates an item 1 to 5; nil (Subsonic's 0) removes the rating. Throws `.invalidInput`
    /// for other values and `.notFound` for an unknown item.
    func setRating(_ rating: Int?, for item: AnnotatedItem, user: Int64) async throws
    /// Records one play of a track at `date`: its play count and last-played time, and its
    /// album's.
    func scrobble(trackID: Int64, at date: Date, user: Int64) async throws
    /// The user's marks on these items (items without any are absent).
    func annotations(for items: [AnnotatedItem], user: Int64) async throws -> [AnnotatedItem: Annotation]
    /// The user's saved play queue, if any.
    func playQueue(user: Int64) async throws -> PlayQueue?
    /// Saves (replaces) the user's play queue; an empty list of tracks clears it.
    func savePlayQueue(_ queue: PlayQueue, user: Int64) async throws
}
