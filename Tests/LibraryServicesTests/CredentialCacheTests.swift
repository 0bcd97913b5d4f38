import Foundation
import LibraryCore
@testable import LibraryServices
import LibraryStorage
import Synchronization
import TestKit
import TestSupport
import Testing

@Suite("Logins from memory: no reader needed, another process's change seen at once")
struct CredentialCacheTests {
    private static func live(_ folder: TemporaryDirectory) throws -> ServiceContainer {
        try ServiceContainer.live(databaseURL: URL(fileURLWithPath: folder.path("library.sqlite")))
    }

    private static func database(_ services: ServiceContainer) throws -> DatabasePool {
        try #require(services.users as? LiveUserService).database
    }

    @Test func everyKindOfLoginAnswersWhileEveryReaderIsHeld() async throws {
        let folder = try TemporaryDirectory("credentials")
        defer { folder.remove() }
        let services = try Self.live(folder)
        _ = try await services.users.addUser(named: "alice", password: "opensesame", isAdmin: false)
        let key = try await services.users.createAPIKey(forUser: "alice")

        let held = try await HeldReaders.holdingEveryReader(of: try Self.database(services))
        // A read of the database now waits for a reader: the control that shows they are held.
        let listed = Mutex(false)
        let listing = Task {
            _ = try await services.users.users()
            listed.withLock { $0 = true }
        }
        let users = services.users
        let byKey = try await Wait.bounded("an API key login") { try await users.authenticate(apiKey: key) }
        // md5("opensesame" + "abcdef")
        let byToken = try await Wait.bounded("a token login") {
            try await users.authenticate(name: "alice", token: "fc22abed0665bf2548fddfdbe0d4abce", salt: "abcdef")
        }
        let byPassword = try await Wait.bounded("a password login") {
            try await users.authenticate(name: "ALICE", password: "opensesame")
        }
        let wrong = try await Wait.bounded("a wrong password") {
            try await users.authenticate(name: "alice", password: "opensesame!")
        }
        #expect(!listed.withLock { $0 }, "a query waited for a reader meanwhile")
        try await held.release()
        try await listing.value

        #expect(byKey?.name == "alice")
        #expect(byToken?.name == "alice")
        #expect(byPassword?.name == "alice")
        #expect(wrong == nil)
    }

    @Test func anotherProcesssChangesAreSeenByTheNextLogin() async throws {
        let folder = try TemporaryDirectory("credentials")
        defer { folder.remove() }
        let server = try Self.live(folder)
        let command = try Self.live(folder)
        _ = try await command.users.addUser(named: "alice", password: "opensesame", isAdmin: false)
        let key = try await command.users.createAPIKey(forUser: "alice", label: "phone")
        #expect(try await server.users.authenticate(apiKey: key.key)?.name == "alice")
        #expect(try await server.users.authenticate(name: "alice", password: "opensesame") != nil)

        _ = try await command.users.revokeAPIKey(id: key.info.id, forUser: "alice")
        #expect(try await server.users.authenticate(apiKey: key.key) == nil)

        _ = try await command.users.setPassword("new-password", forUser: "alice", keepingKeys: false)
        #expect(try await server.users.authenticate(name: "alice", password: "opensesame") == nil)
        #expect(try await server.users.authenticate(name: "alice", password: "new-password") != nil)

        _ = try await command.users.addUser(named: "bob", password: "swordfish", isAdmin: true)
        #expect(try await server.users.authenticate(name: "bob", password: "swordfish")?.isAdmin == true)
        _ = try await command.users.removeUser(named: "bob")
        #expect(try await server.users.authenticate(name: "bob", password: "swordfish") == nil)
    }

    @Test func aKeysLastUseIsNoChangeToTheCredentials() async throws {
        let folder = try TemporaryDirectory("credentials")
        defer { folder.remove() }
        let services = try Self.live(folder)
        _ = try await services.users.addUser(named: "alice", password: "opensesame", isAdmin: false)
        let key = try await services.users.createAPIKey(forUser: "alice", label: nil)
        let database = try Self.database(services)
        let generation = { @Sendable in try await database.asyncRead { db in try UserStore.credentialGeneration(db) } }
        let before = try await generation()
        #expect(try await services.users.authenticate(apiKey: key.key) != nil)
        try await Wait.until("the use written") {
            try await database.asyncRead { db in try APIKeyStore.keys(userID: key.info.userID, db) }.first?.lastUsedAt != nil
        }
        #expect(try await generation() == before)
        _ = try await services.users.revokeAPIKeys(forUser: "alice")
        #expect(try await generation() > before)
    }
}
