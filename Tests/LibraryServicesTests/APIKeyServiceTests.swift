import Foundation
import LibraryCore
@testable import LibraryServices
import LibraryStorage
import Synchronization
import TestKit
import Testing

@Suite("API keys: labels, listing, revocation, last use")
struct APIKeyServiceTests {
    let clock = KeyClock()
    let services: ServiceContainer
    var users: any UserService { services.users }

    init() throws {
        services = try .inMemory(now: clock.now)
    }

    @Test func keysAreListedWithLabelsAndDatesButNeverTheKey() async throws {
        _ = try await users.addUser(named: "alice", password: "opensesame", isAdmin: false)
        let phone = try await users.createAPIKey(forUser: "alice", label: " phone ")
        clock.advance(by: 10)
        let laptop = try await users.createAPIKey(forUser: "Alice", label: nil)
        #expect(phone.info.label == "phone")
        #expect(phone.key.hasPrefix("knr_") && phone.key != laptop.key)

        let keys = try await users.apiKeys(forUser: "alice")
        #expect(keys.map(\.id) == [phone.info.id, laptop.info.id])
        #expect(keys.map(\.label) == ["phone", nil])
        #expect(keys[0].createdAt == clock.start)
        #expect(keys[1].createdAt == clock.start + 10)
        #expect(keys.allSatisfy { $0.lastUsedAt == nil })
        let encoded = String(decoding: try JSONEncoder().encode(keys), as: UTF8.self)
        #expect(!encoded.contains(phone.key) && !encoded.contains("knr_"))
        #expect(try await users.apiKeys(forUser: "local").isEmpty)
    }

    @Test func badLabelsAreRefusedAndNothingIsCreated() async throws {
        _ = try await users.addUser(named: "alice", password: "opensesame", isAdmin: false)
        await expectError(.invalidInput) { _ = try await users.createAPIKey(forUser: "alice", label: "two\nlines") }
        await expectError(.invalidInput) { _ = try await users.createAPIKey(forUser: "alice", label: String(repeating: "x", count: 101)) }
        await expectError(.notFound) { _ = try await users.createAPIKey(forUser: "nobody", label: "phone") }
        #expect(try await users.apiKeys(forUser: "alice").isEmpty)
        #expect(try await users.createAPIKey(forUser: "alice", label: "   ").info.label == nil)
    }

    @Test func aRevokedKeyNoLongerLogsInAndOthersAreUntouched() async throws {
        _ = try await users.addUser(named: "alice", password: "opensesame", isAdmin: false)
        _ = try await users.addUser(named: "bob", password: "swordfish", isAdmin: false)
        let first = try await users.createAPIKey(forUser: "alice", label: "first")
        let second = try await users.createAPIKey(forUser: "alice", label: "second")
        let bobs = try await users.createAPIKey(forUser: "bob", label: nil)
        #expect(try await users.authenticate(apiKey: first.key)?.name == "alice")

        #expect(try await users.revokeAPIKey(id: first.info.id, forUser: "alice").label == "first")
        #expect(try await users.authenticate(apiKey: first.key) == nil)
        #expect(try await users.authenticate(apiKey: second.key)?.name == "alice")

        // Another user's key id is not found for alice, and stays valid.
        await expectError(.notFound) { _ = try await users.revokeAPIKey(id: bobs.info.id, forUser: "alice") }
        await expectError(.notFound) { _ = try await users.revokeAPIKey(id: first.info.id, forUser: "alice") }
        #expect(try await users.authenticate(apiKey: bobs.key)?.name == "bob")

        #expect(try await users.revokeAPIKeys(forUser: "alice") == 1)
        #expect(try await users.authenticate(apiKey: second.key) == nil)
        #expect(try await users.revokeAPIKeys(forUser: "alice") == 0)
        #expect(try await users.apiKeys(forUser: "bob").map(\.id) == [bobs.info.id])
    }

    @Test func aNewPasswordRevokesTheKeysUnlessTheyAreKept() async throws {
        _ = try await users.addUser(named: "alice", password: "opensesame", isAdmin: false)
        let kept = try await users.createAPIKey(forUser: "alice")
        #expect(try await users.setPassword("another-one", forUser: "alice", keepingKeys: true) == 0)
        #expect(try await users.authenticate(apiKey: kept) != nil)
        _ = try await users.createAPIKey(forUser: "alice")
        #expect(try await users.setPassword("a-third-one", forUser: "alice", keepingKeys: false) == 2)
        #expect(try await users.authenticate(apiKey: kept) == nil)
        #expect(try await users.apiKeys(forUser: "alice").isEmpty)
        #expect(try await users.authenticate(name: "alice", password: "a-third-one") != nil)
    }

    @Test func lastUseIsWrittenOnceAMinuteAtMostAndListedAtOnce() async throws {
        _ = try await users.addUser(named: "alice", password: "opensesame", isAdmin: false)
        let key = try await users.createAPIKey(forUser: "alice", label: nil)
        let live = try #require(users as? LiveUserService)
        let stored = { @Sendable () async throws -> Date? in
            try await live.database.asyncRead { db in try APIKeyStore.keys(userID: key.info.userID, db) }.first?.lastUsedAt
        }

        #expect(try await users.authenticate(apiKey: key.key) != nil)
        try await Wait.until("the first use written") { try await stored() == clock.start }

        clock.advance(by: 30)
        #expect(try await users.authenticate(apiKey: key.key) != nil)
        // Listed from memory at once; the database keeps the first use for now.
        #expect(try await users.apiKeys(forUser: "alice").first?.lastUsedAt == clock.start + 30)
        #expect(try await stored() == clock.start)

        clock.advance(by: 31)
        #expect(try await users.authenticate(apiKey: key.key) != nil)
        try await Wait.until("the use a minute later written") { try await stored() == clock.start + 61 }
    }

    @Test func theUseLogAsksForAWriteOnlyOnceAMinutePerKey() {
        let log = KeyUseLog()
        let start = Date(timeIntervalSince1970: 1_000_000)
        #expect(log.record(keyID: 1, at: start))
        #expect(!log.record(keyID: 1, at: start + 1))
        #expect(log.record(keyID: 2, at: start + 1), "each key has its own minute")
        #expect(!log.record(keyID: 1, at: start + 59))
        #expect(log.lastUsed(keyID: 1) == start + 59)
        #expect(log.record(keyID: 1, at: start + 60))
        log.forget([1])
        #expect(log.lastUsed(keyID: 1) == nil)
    }
}

/// A settable clock, pinned to whole seconds as the database stores them.
final class KeyClock: Sendable {
    let start = Date(timeIntervalSince1970: 1_700_000_000)
    private let time: Mutex<Date>

    init() {
        time = Mutex(start)
    }

    var now: @Sendable () -> Date { { self.time.withLock { $0 } } }
    func advance(by seconds: TimeInterval) { time.withLock { $0 += seconds } }
}
