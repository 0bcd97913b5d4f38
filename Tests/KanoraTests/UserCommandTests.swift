import Foundation
@testable import kanora
import LibraryServices
import Testing
import TestSupport

@Suite("kanora user")
struct UserCommandTests {
    /// Runs `kanora ARGS --database DB` with `stdin` as the lines piped in.
    private func run(_ arguments: [String], stdin: [String] = [], _ database: String) async -> CLIResult {
        await PasswordInput.$current.withValue(.lines(stdin)) { await kanora(arguments, database: database) }
    }

    private func users(_ database: String) async throws -> [[String: Any]] {
        try #require(try await run(["user", "list", "--json"], database).json() as? [[String: Any]])
    }

    @Test func addListKeyPasswdRemove() async throws {
        let folder = try TemporaryDirectory("user-cli")
        defer { folder.remove() }
        let database = folder.path("library.sqlite")

        let added = await run(["user", "add", "alice", "--admin", "--password-stdin"], stdin: ["open sesame"], database)
        #expect(added.code == 0, "\(added.err)")
        #expect(added.out == "Added user \"alice\" (admin).\n")

        let key = await run(["user", "key", "alice"], database)
        #expect(key.code == 0)
        let keyText = key.out.trimmingCharacters(in: .newlines)
        #expect(keyText.hasPrefix("knr_") && !keyText.contains("\n"))
        #expect(key.err.contains("only time"))

        let listed = try await users(database)
        #expect(listed.map { $0["name"] as? String } == ["alice", "local"])
        #expect(listed[0]["admin"] as? Bool == true)
        #expect(listed[0]["hasPassword"] as? Bool == true)
        #expect(listed[0]["apiKeys"] as? Int == 1)
        #expect(listed[1]["hasPassword"] as? Bool == false)
        let table = await run(["user", "list"], database)
        #expect(table.out.contains("alice") && table.out.contains("KEYS"))

        let passwd = await run(["user", "passwd", "alice", "--password-stdin"], stdin: ["new password"], database)
        #expect(passwd.code == 0, "\(passwd.err)")
        #expect(passwd.err == "Password of \"alice\" changed; 1 API key revoked (pass --keep-keys to keep keys).\n")
        let services = try ServiceContainer.live(databaseURL: URL(fileURLWithPath: database))
        #expect(try await services.users.authenticate(name: "alice", password: "new password")?.name == "alice")
        #expect(try await services.users.authenticate(apiKey: keyText) == nil)

        let removed = await run(["user", "remove", "alice"], database)
        #expect(removed.code == 0)
        #expect(try await users(database).map { $0["name"] as? String } == ["local"])
    }

    @Test func badInputIsRefusedAndChangesNothing() async throws {
        let folder = try TemporaryDirectory("user-cli")
        defer { folder.remove() }
        let database = folder.path("library.sqlite")
        #expect(await run(["user", "add", "alice", "--password-stdin"], stdin: ["password-one"], database).code == 0)

        let empty = await run(["user", "add", "bob", "--password-stdin"], stdin: [""], database)
        #expect(empty.code == 64)
        #expect(empty.err.contains("password is empty"))
        let noInput = await run(["user", "add", "bob", "--password-stdin"], database)
        #expect(noInput.code == 64)
        let notTerminal = await run(["user", "add", "bob"], stdin: ["password-one"], database)
        #expect(notTerminal.code == 64)
        #expect(notTerminal.err.contains("--password-stdin"))
        let badName = await run(["user", "add", " ", "--password-stdin"], stdin: ["password-one"], database)
        #expect(badName.code == 64)
        let taken = await run(["user", "add", "ALICE", "--password-stdin"], stdin: ["password-one"], database)
        #expect(taken.code == 1)
        #expect(taken.err.contains("already exists"))
        let local = await run(["user", "remove", "local"], database)
        #expect(local.code == 64)
        #expect(local.err.contains("local user"))
        let unknown = await run(["user", "key", "nobody"], database)
        #expect(unknown.code == 1)
        #expect(unknown.out.isEmpty)

        #expect(try await users(database).map { $0["name"] as? String } == ["alice", "local"])
    }

    @Test func aPasswordShorterThanEightCharactersIsAUsageErrorAndCreatesNothing() async throws {
        let folder = try TemporaryDirectory("user-cli")
        defer { folder.remove() }
        let database = folder.path("library.sqlite")
        let short = await run(["user", "add", "alice", "--password-stdin"], stdin: ["seven77"], database)
        #expect(short.code == 64)
        #expect(short.err.contains("The password has 7 characters: choose one of at least 8."))
        #expect(!FileManager.default.fileExists(atPath: database), "a refused password created the database")

        #expect(await run(["user", "add", "alice", "--password-stdin"], stdin: ["eight888"], database).code == 0)
        let passwd = await run(["user", "passwd", "alice", "--password-stdin"], stdin: ["1234567"], database)
        #expect(passwd.code == 64)
        let services = try ServiceContainer.live(databaseURL: URL(fileURLWithPath: database))
        #expect(try await services.users.authenticate(name: "alice", password: "eight888") != nil)
    }

    @Test func keysAreCreatedWithLabelsListedAndRevoked() async throws {
        let folder = try TemporaryDirectory("user-cli")
        defer { folder.remove() }
        let database = folder.path("library.sqlite")
        #expect(await run(["user", "add", "alice", "--password-stdin"], stdin: ["password-one"], database).code == 0)
        let phone = await run(["user", "key", "alice", "--label", "phone"], database)
        #expect(phone.code == 0, "\(phone.err)")
        let phoneKey = phone.out.trimmingCharacters(in: .newlines)
        #expect(phone.err.contains("Its id is 1 (to revoke it: kanora user key alice --revoke 1)"))
        let laptopKey = await run(["user", "key", "alice"], database).out.trimmingCharacters(in: .newlines)

        let listed = try #require(try await run(["user", "keys", "alice", "--json"], database).json() as? [[String: Any]])
        #expect(listed.map { $0["id"] as? Int } == [1, 2])
        #expect(listed[0]["label"] as? String == "phone")
        #expect(listed[1]["label"] is NSNull)
        #expect(listed.allSatisfy { $0["created"] is String && $0["lastUsed"] is NSNull })
        let table = await run(["user", "keys", "alice"], database)
        #expect(table.out.contains("LABEL") && table.out.contains("LAST USED"))
        #expect(table.out.contains("phone") && table.out.contains("never"))
        #expect(!table.out.contains(phoneKey) && !table.out.contains("knr_"))

        let revoked = await run(["user", "key", "alice", "--revoke", "1"], database)
        #expect(revoked.out == "Revoked API key 1 (phone) of \"alice\".\n")
        let services = try ServiceContainer.live(databaseURL: URL(fileURLWithPath: database))
        #expect(try await services.users.authenticate(apiKey: phoneKey) == nil)
        #expect(try await services.users.authenticate(apiKey: laptopKey)?.name == "alice")
        let again = await run(["user", "key", "alice", "--revoke", "1"], database)
        #expect(again.code == 1)
        #expect(again.err.contains("\"alice\" has no API key 1"))

        let kept = await run(["user", "passwd", "alice", "--password-stdin", "--keep-keys"], stdin: ["password-two"], database)
        #expect(kept.err == "Password of \"alice\" changed; their API keys still work.\n")
        #expect(try await services.users.authenticate(apiKey: laptopKey)?.name == "alice")

        let all = await run(["user", "key", "alice", "--all"], database)
        #expect(all.out == "Revoked 1 API key of \"alice\".\n")
        #expect(try await services.users.authenticate(apiKey: laptopKey) == nil)
        let none = await run(["user", "keys", "alice"], database)
        #expect(none.code == 0 && none.out.isEmpty && none.err.contains("has no API keys"))
    }

    @Test func badKeyOptionsAreUsageErrors() async throws {
        let folder = try TemporaryDirectory("user-cli")
        defer { folder.remove() }
        let database = folder.path("library.sqlite")
        #expect(await run(["user", "add", "alice", "--password-stdin"], stdin: ["password-one"], database).code == 0)
        for arguments in [
            ["user", "key", "alice", "--revoke", "1", "--all"], ["user", "key", "alice", "--label", "x", "--all"],
            ["user", "key", "alice", "--label", "two\nlines"], ["user", "key", "alice", "--revoke", "one"],
        ] {
            let result = await run(arguments, database)
            #expect(result.code == 64, "\(arguments)")
            #expect(result.out.isEmpty, "\(arguments)")
        }
        #expect(try await run(["user", "keys", "alice", "--json"], database).json() as? [Any] != nil)
        #expect(await run(["user", "keys", "nobody"], database).code == 1)
        #expect(try await users(database).first?["apiKeys"] as? Int == 0)
    }
}
