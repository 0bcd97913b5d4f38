import Foundation
@testable import LibraryCore
@testable import LibraryStorage
import Testing

@Suite("Schema v11: key labels, and a generation counting changes to credentials")
struct CredentialGenerationTests {
    @Test func everyChangeALoginChecksMovesTheGenerationAndALastUseDoesNot() throws {
        try Database.open(.inMemory).writeWithoutTransaction { db in
            var last = try UserStore.credentialGeneration(db)
            func moved() throws -> Bool {
                let now = try UserStore.credentialGeneration(db)
                defer { last = now }
                return now > last
            }
            let user = try UserStore.insert(name: "alice", isAdmin: false, sealedPassword: [1], now: Date(), db)
            #expect(try moved(), "a user added")
            try UserStore.setPassword(id: user.id, sealed: [2], db)
            #expect(try moved(), "a password changed")
            let key = try APIKeyStore.insert(userID: user.id, keyHash: [3], label: "phone", now: Date(), db)
            #expect(try moved(), "a key added")
            try APIKeyStore.touch([(key.id, Date())], db)
            #expect(try !moved(), "a key used")
            try db.execute("UPDATE user SET created_at = 0 WHERE id = \(user.id)")
            #expect(try !moved(), "a column no login reads")
            #expect(try APIKeyStore.delete(id: key.id, userID: user.id, db))
            #expect(try moved(), "a key revoked")
            try UserStore.delete(id: user.id, db)
            #expect(try moved(), "a user removed")
        }
    }

    @Test func aKeyLabelFollowsTheLabelRuleInTheDatabaseToo() throws {
        try Database.open(.inMemory).writeWithoutTransaction { db in
            for bad in ["", " phone", "two\nlines", String(repeating: "x", count: 101)] {
                #expect(throws: DatabaseError.self, "\(bad.debugDescription)") {
                    _ = try APIKeyStore.insert(userID: User.localID, keyHash: Array(bad.utf8) + [0], label: bad, now: Date(), db)
                }
            }
            _ = try APIKeyStore.insert(userID: User.localID, keyHash: [1], label: nil, now: Date(), db)
            _ = try APIKeyStore.insert(userID: User.localID, keyHash: [2], label: "Handy – Küche", now: Date(), db)
            #expect(try APIKeyStore.keys(userID: User.localID, db).map(\.label) == [nil, "Handy – Küche"])
        }
    }
}
