import Crypto
import Foundation
import LibraryCore
@testable import LibraryServices
import LibraryStorage
import TestSupport
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
        _ = try await users.setPassword("password-one", forUser: "local", keepingKeys: false)
        #expect(try await users.authenticate(name: "local", password: "password-one")?.id == User.localID)
    }

    @Test func aTokenIsMD5OfPasswordAndSalt() async throws {
        _ = try await users.addUser(named: "alice", password: "opensesame", isAdmin: false)
        // md5("opensesame" + "c19b2d") = feb43043b83ff502237629f8b5bc082b.
        #expect(try await users.authenticate(name: "alice", token: "feb43043b83ff502237629f8b5bc082b", salt: "c19b2d")?.name == "alice")
        #expect(try await users.authenticate(name: "alice", token: "FEB43043B83FF502237629F8B5BC082B", salt: "c19b2d")?.name == "alice")
        #expect(try await users.authenticate(name: "alice", token: "feb43043b83ff502237629f8b5bc082b", salt: "c19b2e") == nil)
        #expect(try await users.authenticate(name: "alice", token: "", salt: "") == nil)
    }

    @Test func aTokenWithASaltShorterThanSixCharactersIsRefused() async throws {
        _ = try await users.addUser(named: "alice", password: "opensesame", isAdmin: false)
        // md5("opensesame" + "c19b2") = a right token for a 5-character salt: refused all the same.
        #expect(try await users.authenticate(name: "alice", token: "ed54c1a221d3550855d4b67c24a9af55", salt: "c19b2") == nil)
        // md5("opensesame" + "") = a right token for an empty salt.
        #expect(try await users.authenticate(name: "alice", token: "e6078b9b1aac915d11b9fd59791030bf", salt: "") == nil)
    }

    @Test func newPasswordsNeedEightCharactersAndOldShortOnesStillWork() async throws {
        await expectError(.invalidInput) { _ = try await users.addUser(named: "bob", password: "seven77", isAdmin: false) }
        #expect(try await users.users().map(\.name) == ["local"])
        _ = try await users.addUser(named: "bob", password: "eight888", isAdmin: false)
        await expectError(.invalidInput) { _ = try await users.setPassword("1234567", forUser: "bob", keepingKeys: false) }
        #expect(try await users.authenticate(name: "bob", password: "eight888") != nil)
        let error = await #expect(throws: LibraryError.self) { _ = try await users.addUser(named: "carol", password: "short", isAdmin: false) }
        #expect(error?.message == "The password has 5 characters: choose one of at least 8.")

    }

    @Test func aShortPasswordStoredBeforeTheRuleStillLogsIn() async throws {
        let folder = try TemporaryDirectory("users")
        defer { folder.remove() }
        let services = try ServiceContainer.live(databaseURL: URL(fileURLWithPath: folder.path("library.sqlite")))
        // Stored as an older Kanora stored it, without the length rule.
        let live = try #require(services.users as? LiveUserService)
        let sealed = try live.sealer.seal("pw")
        _ = try await live.database.asyncWrite { db in
            try UserStore.insert(name: "old", isAdmin: false, sealedPassword: sealed, now: Date(), db)
        }
        #expect(try await services.users.authenticate(name: "old", password: "pw")?.name == "old")
    }

    @Test func aNewPasswordReplacesTheOldOneAtOnce() async throws {
        _ = try await users.addUser(named: "alice", password: "old-password", isAdmin: false)
        #expect(try await users.authenticate(name: "alice", password: "old-password") != nil)
        _ = try await users.setPassword("new-password", forUser: "Alice", keepingKeys: false)
        #expect(try await users.authenticate(name: "alice", password: "old-password") == nil)
        #expect(try await users.authenticate(name: "alice", password: "new-password") != nil)
    }

    @Test func anAPIKeyIsShownOnceAndOnlyItsHashIsStored() async throws {
        _ = try await users.addUser(named: "alice", password: "password-one", isAdmin: false)
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
        _ = try await users.addUser(named: "  Alice ", password: "password-one", isAdmin: true)
        #expect(try await users.user(named: "alice").name == "Alice")
        #expect(try await users.user(named: "alice").isAdmin)
        await expectError(.conflict) { _ = try await users.addUser(named: "ALICE", password: "password-one", isAdmin: false) }
        await expectError(.invalidInput) { _ = try await users.addUser(named: "   ", password: "password-one", isAdmin: false) }
        await expectError(.invalidInput) { _ = try await users.addUser(named: "a\nb", password: "password-one", isAdmin: false) }
        await expectError(.invalidInput) { _ = try await users.addUser(named: String(repeating: "x", count: 101), password: "password-one", isAdmin: false) }
        await expectError(.invalidInput) { _ = try await users.addUser(named: "bob", password: "", isAdmin: false) }
        await expectError(.invalidInput) { _ = try await users.setPassword("", forUser: "alice", keepingKeys: false) }
        #expect(try await users.users().map(\.name) == ["Alice", "local"])
    }

    @Test func removingAUserTakesTheirKeysAndRefusesTheLocalUser() async throws {
        _ = try await users.addUser(named: "alice", password: "password-one", isAdmin: false)
        let key = try await users.createAPIKey(forUser: "alice")
        #expect(try await users.removeUser(named: "alice").name == "alice")
        #expect(try await users.authenticate(apiKey: key) == nil)
        #expect(try await users.authenticate(name: "alice", password: "password-one") == nil)
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
