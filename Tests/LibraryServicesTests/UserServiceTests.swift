import Crypto
import Foundation
import LibraryCore
import LibraryServices
import Testing

@Suite("Users: accounts, passwords, tokens and API keys")
struct UserServiceTests {
    let services: ServiceContainer
    var users: any UserService { services.users }

    init() throws {
        services = try .inMemory()
    }

    @Test func aPasswordRoundTripsAndOnlyTheRightOneLogsIn() async throws {
        let added = try await users.addUser(named: "alice", password: "s3cret pässword", isAdmin: false)
        #expect(added.hasPassword)
        #expect(!added.isAdmin)
        #expect(try await users.authenticate(name: "alice", password: "s3cret pässword")?.id == added.id)
        #expect(try await users.authenticate(name: "ALICE", password: "s3cret pässword")?.id == added.id)
        #expect(try await users.authenticate(name: "alice", password: "s3cret pässwor") == nil)
        #expect(try await users.authenticate(name: "alice", password: "") == nil)
        #expect(try await users.authenticate(name: "bob", password: "s3cret pässword") == nil)
    }

    @Test func theLocalUserHasNoPasswordAndCannotLogInUntilGivenOne() async throws {
        #expect(try await users.authenticate(name: "local", password: "") == nil)
        try await users.setPassword("pw", forUser: "local")
        #expect(try await users.authenticate(name: "local", password: "pw")?.id == User.localID)
    }

    @Test func aTokenIsMD5OfPasswordAndSalt() async throws {
        _ = try await users.addUser(named: "alice", password: "sesame", isAdmin: false)
        // The Subsonic documentation's example: md5("sesame" + "c19b2d") = 26719a1196d2a940705a59634eb18eab.
        #expect(try await users.authenticate(name: "alice", token: "26719a1196d2a940705a59634eb18eab", salt: "c19b2d")?.name == "alice")
        #expect(try await users.authenticate(name: "alice", token: "26719A1196D2A940705A59634EB18EAB", salt: "c19b2d")?.name == "alice")
        #expect(try await users.authenticate(name: "alice", token: "26719a1196d2a940705a59634eb18eab", salt: "c19b2e") == nil)
        #expect(try await users.authenticate(name: "alice", token: "", salt: "") == nil)
    }

    @Test func aNewPasswordReplacesTheOldOneAtOnce() async throws {
        _ = try await users.addUser(named: "alice", password: "old", isAdmin: false)
        #expect(try await users.authenticate(name: "alice", password: "old") != nil)
        try await users.setPassword("new", forUser: "Alice")
        #expect(try await users.authenticate(name: "alice", password: "old") == nil)
        #expect(try await users.authenticate(name: "alice", password: "new") != nil)
    }

    @Test func anAPIKeyIsShownOnceAndOnlyItsHashIsStored() async throws {
        _ = try await users.addUser(named: "alice", password: "pw", isAdmin: false)
        let key = try await users.createAPIKey(forUser: "alice")
        #expect(key.hasPrefix("knr_"))
        #expect(key.count == 4 + 43)
        let other = try await users.createAPIKey(forUser: "alice")
        #expect(other != key)
        #expect(try await users.authenticate(apiKey: key)?.name == "alice")
        #expect(try await users.authenticate(apiKey: key + "x") == nil)
        #expect(try await users.authenticate(apiKey: "") == nil)
        #expect(try await users.user(named: "alice").apiKeyCount == 2)
        #expect(try await users.users().first { $0.name == "alice" }?.apiKeyCount == 2)
    }

    @Test func namesFollowTheRuleAndAreUniqueIgnoringCase() async throws {
        _ = try await users.addUser(named: "  Alice ", password: "pw", isAdmin: true)
        #expect(try await users.user(named: "alice").name == "Alice")
        #expect(try await users.user(named: "alice").isAdmin)
        await expectError(.conflict) { _ = try await users.addUser(named: "ALICE", password: "pw", isAdmin: false) }
        await expectError(.invalidInput) { _ = try await users.addUser(named: "   ", password: "pw", isAdmin: false) }
        await expectError(.invalidInput) { _ = try await users.addUser(named: "a\nb", password: "pw", isAdmin: false) }
        await expectError(.invalidInput) { _ = try await users.addUser(named: String(repeating: "x", count: 101), password: "pw", isAdmin: false) }
        await expectError(.invalidInput) { _ = try await users.addUser(named: "bob", password: "", isAdmin: false) }
        await expectError(.invalidInput) { try await users.setPassword("", forUser: "alice") }
        #expect(try await users.users().map(\.name) == ["Alice", "local"])
    }

    @Test func removingAUserTakesTheirKeysAndRefusesTheLocalUser() async throws {
        _ = try await users.addUser(named: "alice", password: "pw", isAdmin: false)
        let key = try await users.createAPIKey(forUser: "alice")
        #expect(try await users.removeUser(named: "alice").name == "alice")
        #expect(try await users.authenticate(apiKey: key) == nil)
        #expect(try await users.authenticate(name: "alice", password: "pw") == nil)
        await expectError(.notFound) { _ = try await users.user(named: "alice") }
        await expectError(.invalidInput) { _ = try await users.removeUser(named: "local") }
        await expectError(.notFound) { _ = try await users.createAPIKey(forUser: "nobody") }
    }
}

/// Expects `body` to throw a `LibraryError` of this kind.
func expectError(_ code: LibraryError.Code, sourceLocation: SourceLocation = #_sourceLocation, _ body: () async throws -> Void) async {
    do {
        try await body()
        Issue.record("expected a \(code) error", sourceLocation: sourceLocation)
    } catch let error as LibraryError {
        #expect(error.code == code, "\(error.message)", sourceLocation: sourceLocation)
    } catch {
        Issue.record("expected a LibraryError, got \(error)", sourceLocation: sourceLocation)
    }
}
