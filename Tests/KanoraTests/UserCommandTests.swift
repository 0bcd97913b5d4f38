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

        let passwd = await run(["user", "passwd", "alice", "--password-stdin"], stdin: ["new one"], database)
        #expect(passwd.code == 0, "\(passwd.err)")
        let services = try ServiceContainer.live(databaseURL: URL(fileURLWithPath: database))
        #expect(try await services.users.authenticate(name: "alice", password: "new one")?.name == "alice")
        #expect(try await services.users.authenticate(apiKey: keyText)?.name == "alice")

        let removed = await run(["user", "remove", "alice"], database)
        #expect(removed.code == 0)
        #expect(try await users(database).map { $0["name"] as? String } == ["local"])
    }

    @Test func badInputIsRefusedAndChangesNothing() async throws {
        let folder = try TemporaryDirectory("user-cli")
        defer { folder.remove() }
        let database = folder.path("library.sqlite")
        #expect(await run(["user", "add", "alice", "--password-stdin"], stdin: ["pw"], database).code == 0)

        let empty = await run(["user", "add", "bob", "--password-stdin"], stdin: [""], database)
        #expect(empty.code == 64)
        #expect(empty.err.contains("password is empty"))
        let noInput = await run(["user", "add", "bob", "--password-stdin"], database)
        #expect(noInput.code == 64)
        let notTerminal = await run(["user", "add", "bob"], stdin: ["pw"], database)
        #expect(notTerminal.code == 64)
        #expect(notTerminal.err.contains("--password-stdin"))
        let badName = await run(["user", "add", " ", "--password-stdin"], stdin: ["pw"], database)
        #expect(badName.code == 64)
        let taken = await run(["user", "add", "ALICE", "--password-stdin"], stdin: ["pw"], database)
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
}
