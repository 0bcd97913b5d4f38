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
    /// for a bad name or an empty password.
    func addUser(named name: String, password: String, isAdmin: Bool) async throws -> User
    /// Removes a user with their playlists, annotations, keys and play queue. The local
    /// user cannot be removed.
    func removeUser(named name: String) async throws -> User
    /// Replaces a user's password.
    func setPassword(_ password: String, forUser name: String) async throws
    /// Creates an API key for the user and returns it; only its hash is stored, so this is
    /// the one time it can be shown.
    func createAPIKey(forUser name: String) async throws -> String
    /// The user, when `password` is theirs (Subsonic `u` + `p`).
    func authenticate(name: String, password: String) async throws -> User?
    /// The user, when `token` is md5(password + salt) (Subsonic `u` + `t` + `s`).
    func authenticate(name: String, token: String, salt: String) async throws -> User?
    /// The user an API key belongs to (OpenSubsonic `apiKey`, Kanora's bearer token).
    func authenticate(apiKey: String) async throws -> User?
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
