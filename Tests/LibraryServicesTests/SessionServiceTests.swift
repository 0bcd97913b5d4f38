import Foundation
import LibraryCore
@testable import LibraryServices
import LibraryStorage
import TestKit
import TestSupport
import Testing

@Suite("Web sessions and languages: tokens kept hashed, expiry, sign-out, password changes")
struct SessionServiceTests {
    let clock = KeyClock()
    let services: ServiceContainer
    var users: any UserService { services.users }

    init() throws {
        services = try .inMemory(now: clock.now)
    }

    @Test func aSessionAuthenticatesItsUserUntilItExpires() async throws {
        let alice = try await users.addUser(named: "alice", password: "opensesame", isAdmin: false)
        let session = try await users.startSession(forUser: alice.id, lifetime: 3600)
        #expect(session.token.hasPrefix("kns_") && session.token.count > 40)
        #expect(session.expires == clock.start + 3600)
        #expect(try await users.authenticate(sessionToken: session.token)?.name == "alice")
        #expect(try await users.authenticate(sessionToken: session.token + "x") == nil)
        #expect(try await users.authenticate(apiKey: session.token) == nil, "a session token is not an API key")
        clock.advance(by: 3599)
        #expect(try await users.authenticate(sessionToken: session.token)?.id == alice.id)
        clock.advance(by: 1)
        #expect(try await users.authenticate(sessionToken: session.token) == nil)
    }

    @Test func signingOutEndsOnlyThatSession() async throws {
        let alice = try await users.addUser(named: "alice", password: "opensesame", isAdmin: false)
        let phone = try await users.startSession(forUser: alice.id, lifetime: 3600)
        let laptop = try await users.startSession(forUser: alice.id, lifetime: 3600)
        try await users.endSession(token: phone.token)
        #expect(try await users.authenticate(sessionToken: phone.token) == nil)
        #expect(try await users.authenticate(sessionToken: laptop.token)?.name == "alice")
        try await users.endSession(token: "kns_unknown")
    }

    @Test func aChangedPasswordOrARemovedUserEndsTheirSessions() async throws {
        let alice = try await users.addUser(named: "alice", password: "opensesame", isAdmin: false)
        let bob = try await users.addUser(named: "bob", password: "swordfish", isAdmin: false)
        let aliceSession = try await users.startSession(forUser: alice.id, lifetime: 3600)
        let bobSession = try await users.startSession(forUser: bob.id, lifetime: 3600)
        _ = try await users.setPassword("a new secret", forUser: "alice", keepingKeys: true)
        #expect(try await users.authenticate(sessionToken: aliceSession.token) == nil)
        #expect(try await users.authenticate(sessionToken: bobSession.token)?.name == "bob")
        _ = try await users.removeUser(named: "bob")
        #expect(try await users.authenticate(sessionToken: bobSession.token) == nil)
    }

    @Test func theTokenIsNeverStoredInClear() async throws {
        let folder = try TemporaryDirectory("sessions")
        defer { folder.remove() }
        let url = URL(fileURLWithPath: folder.path("library.sqlite"))
        let live = try ServiceContainer.live(databaseURL: url)
        let alice = try await live.users.addUser(named: "alice", password: "opensesame", isAdmin: false)
        let session = try await live.users.startSession(forUser: alice.id, lifetime: 3600)
        #expect(try await live.users.authenticate(sessionToken: session.token)?.name == "alice")
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path("")) {
            let bytes = try Data(contentsOf: URL(fileURLWithPath: folder.path(name)))
            #expect(bytes.range(of: Data(session.token.utf8)) == nil, "the session token is in clear in \(name)")
        }
        let queue = try Database.open(.file(url.path))
        let hashes: [[UInt8]] = try queue.read { db in try db.rows("SELECT token_hash FROM session").compactMap { $0[0] } }
        #expect(hashes.map(\.count) == [32], "one SHA-256 digest per session")
    }

    @Test func theLanguageIsValidatedStoredAndCleared() async throws {
        let alice = try await users.addUser(named: "alice", password: "opensesame", isAdmin: false)
        #expect(try await users.setLanguage("DE", forUser: alice.id).language == "de")
        #expect(try await users.user(named: "alice").language == "de")
        let session = try await users.startSession(forUser: alice.id, lifetime: 60)
        #expect(try await users.authenticate(sessionToken: session.token)?.language == "de")
        #expect(try await users.setLanguage("pt-BR", forUser: alice.id).language == "pt-BR")
        for bad in ["", "d", "german language", "de_DE", "x-" + String(repeating: "a", count: 40), "de-"] {
            await expectError(.invalidInput) { _ = try await users.setLanguage(bad, forUser: alice.id) }
        }
        #expect(try await users.user(named: "alice").language == "pt-BR", "a refused language changes nothing")
        #expect(try await users.setLanguage(nil, forUser: alice.id).language == nil)
    }
}
