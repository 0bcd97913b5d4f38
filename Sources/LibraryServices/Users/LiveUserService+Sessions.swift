import Foundation
import LibraryCore
import LibraryStorage

/// Web sessions and each user's language. A session token is checked against the
/// credentials in memory (`CredentialCache`), like an API key: a signed-in page never waits
/// behind queries.
extension LiveUserService {
    public func startSession(forUser id: Int64, lifetime: TimeInterval) async throws -> NewSession {
        guard lifetime > 0 else { throw LibraryError(.invalidInput, "A session must last more than 0 seconds.") }
        let token = APIKey.generate(prefix: APIKey.sessionPrefix)
        let start = now()
        let expires = start.addingTimeInterval(lifetime).wholeSeconds
        defer { credentials.invalidate() }
        let user = try await database.writing { db in
            guard let user = try UserStore.find(id: id, db) else {
                throw LibraryError(.notFound, "No user has id \(id): see `kanora user list`.")
            }
            _ = try SessionStore.deleteExpired(now: start, db)
            try SessionStore.insert(userID: id, tokenHash: APIKey.hash(token), now: start, expires: expires, db)
            return user
        }
        return NewSession(token: token, user: user, expires: expires)
    }

    public func authenticate(sessionToken: String) async throws -> User? {
        guard sessionToken.hasPrefix(APIKey.sessionPrefix), sessionToken.utf8.count < 200 else { return nil }
        return try await credentials.current().session(hash: APIKey.hash(sessionToken), now: now())
    }

    public func endSession(token: String) async throws {
        guard token.hasPrefix(APIKey.sessionPrefix), token.utf8.count < 200 else { return }
        defer { credentials.invalidate() }
        _ = try await database.writing { db in try SessionStore.delete(tokenHash: APIKey.hash(token), db) }
    }

    public func setLanguage(_ language: String?, forUser id: Int64) async throws -> User {
        let valid = try Self.checked { () throws(ValidationError) in try UserRules.validateLanguage(language) }
        defer { credentials.invalidate() }
        return try await database.writing { db in
            try UserStore.setLanguage(id: id, language: valid, db)
            guard let user = try UserStore.find(id: id, db) else {
                throw LibraryError(.notFound, "No user has id \(id): see `kanora user list`.")
            }
            return user
        }
    }
}
