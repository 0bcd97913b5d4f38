import Foundation
import LibraryCore
import LibraryServices

/// Two users and one API key, checked the way the real service does (token =
/// md5(password + salt)), with precomputed tokens so the tests need no MD5 of their own.
struct FakeUserService: UserService {
    static let alice = User(id: 1, name: "alice", isAdmin: true, hasPassword: true, createdAt: Date(timeIntervalSince1970: 0))
    static let bob = User(id: 2, name: "bob", isAdmin: false, hasPassword: true, createdAt: Date(timeIntervalSince1970: 0))
    static let passwords = ["alice": "opensesame", "bob": "swordfish"]
    /// md5("opensesame" + "c19b2d").
    static let aliceToken = (token: "feb43043b83ff502237629f8b5bc082b", salt: "c19b2d")
    static let aliceKey = "kanora-test-key-alice"

    func users() async throws -> [User] { [Self.alice, Self.bob] }

    func user(named name: String) async throws -> User {
        guard let user = try await users().first(where: { $0.name.caseInsensitiveCompare(name) == .orderedSame }) else {
            throw LibraryError(.notFound, "No user named \(name)")
        }
        return user
    }

    func addUser(named name: String, password: String, isAdmin: Bool) async throws -> User { throw unexpected() }
    func removeUser(named name: String) async throws -> User { throw unexpected() }
    func setPassword(_ password: String, forUser name: String, keepingKeys: Bool) async throws -> Int { throw unexpected() }
    func createAPIKey(forUser name: String, label: String?) async throws -> NewAPIKey { throw unexpected() }
    func apiKeys(forUser name: String) async throws -> [APIKeyInfo] { throw unexpected() }
    func revokeAPIKey(id: Int64, forUser name: String) async throws -> APIKeyInfo { throw unexpected() }
    func revokeAPIKeys(forUser name: String) async throws -> Int { throw unexpected() }

    func authenticate(name: String, password: String) async throws -> User? {
        guard Self.passwords[name] == password else { return nil }
        return try await user(named: name)
    }

    func authenticate(name: String, token: String, salt: String) async throws -> User? {
        guard name == "alice", token == Self.aliceToken.token, salt == Self.aliceToken.salt else { return nil }
        return Self.alice
    }

    func authenticate(apiKey: String) async throws -> User? {
        apiKey == Self.aliceKey ? Self.alice : nil
    }

    func startSession(forUser id: Int64, lifetime: TimeInterval) async throws -> NewSession { throw unexpected() }
    func authenticate(sessionToken: String) async throws -> User? { nil }
    func endSession(token: String) async throws {}
    func setLanguage(_ language: String?, forUser id: Int64) async throws -> User { throw unexpected() }

    private func unexpected() -> LibraryError { LibraryError(.unimplemented, "not expected in server tests") }
}
