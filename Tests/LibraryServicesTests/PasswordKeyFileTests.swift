import Foundation
import LibraryCore
import LibraryServices
import LibraryStorage
import TestSupport
import Testing

@Suite("Passwords on disk: sealed in the database, the key in a private file beside it")
struct PasswordKeyFileTests {
    private func database(_ folder: TemporaryDirectory) -> URL {
        URL(fileURLWithPath: folder.path("library.sqlite"))
    }

    private func keyFile(_ folder: TemporaryDirectory) -> String {
        folder.path("library.sqlite-secret")
    }

    private func mode(_ path: String) throws -> Int {
        try #require(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
    }

    @Test func theDatabaseNeverHoldsThePasswordInClear() async throws {
        let folder = try TemporaryDirectory("users")
        defer { folder.remove() }
        let password = "Tr0ub4dor&3-unique-marker"
        let services = try ServiceContainer.live(databaseURL: database(folder))
        _ = try await services.users.addUser(named: "alice", password: password, isAdmin: false)
        _ = try await services.users.setPassword(password + "!", forUser: "local", keepingKeys: false)
        #expect(try await services.users.authenticate(name: "alice", password: password) != nil)
        let key = try await services.users.createAPIKey(forUser: "alice")

        // Every file beside the database (main file, WAL, key file) is free of the password and the key.
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path("")) {
            let bytes = try Data(contentsOf: URL(fileURLWithPath: folder.path(name)))
            #expect(bytes.range(of: Data(password.utf8)) == nil, "the password is in clear in \(name)")
            #expect(bytes.range(of: Data(key.utf8)) == nil, "the API key is in clear in \(name)")
        }
        // The user table's sealed column holds neither the password nor its UTF-16 form.
        let queue = try Database.open(.file(database(folder).path))
        let sealed: [[UInt8]] = try queue.read { db in try db.rows("SELECT password_sealed FROM user WHERE password_sealed IS NOT NULL").compactMap { $0[0] } }
        #expect(sealed.count == 2)
        let hashes: [[UInt8]] = try queue.read { db in try db.rows("SELECT key_hash FROM api_key").compactMap { $0[0] } }
        #expect(hashes.map(\.count) == [32], "one SHA-256 digest per key")
        for blob in sealed {
            #expect(Data(blob).range(of: Data(password.utf8)) == nil)
            #expect(blob.count >= 12 + 16 + password.utf8.count)
        }
    }

    @Test func theKeyFileIsCreatedOnFirstUseWithMode0600AndReused() async throws {
        let folder = try TemporaryDirectory("users")
        defer { folder.remove() }
        let services = try ServiceContainer.live(databaseURL: database(folder))
        _ = try await services.users.users()
        #expect(!FileManager.default.fileExists(atPath: keyFile(folder)))
        _ = try await services.users.addUser(named: "alice", password: "password-one", isAdmin: false)
        #expect(try mode(keyFile(folder)) == 0o600)
        #expect(try Data(contentsOf: URL(fileURLWithPath: keyFile(folder))).count == 32)

        // Another process (another container) reads the same key.
        let again = try ServiceContainer.live(databaseURL: database(folder))
        #expect(try await again.users.authenticate(name: "alice", password: "password-one")?.name == "alice")
    }

    @Test func aKeyFileOthersCanReadIsRefusedWithTheFix() async throws {
        let folder = try TemporaryDirectory("users")
        defer { folder.remove() }
        _ = try await ServiceContainer.live(databaseURL: database(folder)).users.addUser(named: "alice", password: "password-one", isAdmin: false)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: keyFile(folder))

        let services = try ServiceContainer.live(databaseURL: database(folder))
        do {
            _ = try await services.users.authenticate(name: "alice", password: "password-one")
            Issue.record("a readable key file was used")
        } catch let error as LibraryError {
            #expect(error.message.contains("chmod 600 \(keyFile(folder))"))
            #expect(error.message.contains("644"))
        }
        await expectError(.fileSystem) { _ = try await services.users.addUser(named: "bob", password: "password-one", isAdmin: false) }
        #expect(try await services.users.users().map(\.name) == ["alice", "local"])
    }

    @Test func aReplacedKeyFileIsAClearError() async throws {
        let folder = try TemporaryDirectory("users")
        defer { folder.remove() }
        _ = try await ServiceContainer.live(databaseURL: database(folder)).users.addUser(named: "alice", password: "password-one", isAdmin: false)
        try FileManager.default.removeItem(atPath: keyFile(folder))

        let services = try ServiceContainer.live(databaseURL: database(folder))
        await expectError(.fileSystem) { _ = try await services.users.authenticate(name: "alice", password: "password-one") }
        #expect(!FileManager.default.fileExists(atPath: keyFile(folder)), "checking a password must not create a new key")

        // A new key (from setting another password) cannot open the old sealed password.
        _ = try await services.users.addUser(named: "bob", password: "password-two", isAdmin: false)
        do {
            _ = try await services.users.authenticate(name: "alice", password: "password-one")
            Issue.record("a password sealed under another key was opened")
        } catch let error as LibraryError {
            #expect(error.message.contains("kanora user passwd"))
        }
        #expect(try await services.users.authenticate(name: "bob", password: "password-two")?.name == "bob")
    }

    @Test func aTruncatedKeyFileIsRefused() async throws {
        let folder = try TemporaryDirectory("users")
        defer { folder.remove() }
        _ = try folder.write("library.sqlite-secret", Data([1, 2, 3]))
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: keyFile(folder))
        let services = try ServiceContainer.live(databaseURL: database(folder))
        await expectError(.fileSystem) { _ = try await services.users.addUser(named: "alice", password: "password-one", isAdmin: false) }
    }
}
