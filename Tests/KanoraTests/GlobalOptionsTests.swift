import Foundation
@testable import kanora
import LibraryServices
import Testing
import TestSupport

@Suite("kanora: global options anywhere, version, exit codes")
struct GlobalOptionsTests {
    @Test func globalOptionsWorkBeforeOrAfterTheSubcommand() async throws {
        let cli = try await QueryCLIRunner()
        defer { cli.remove() }
        let after = await QueryCLIRunner.run(["stats", "--database", cli.database, "--json"])
        let before = await QueryCLIRunner.run(["--database", cli.database, "--json", "stats"])
        let mixed = await QueryCLIRunner.run(["--json", "stats", "--database", cli.database])
        #expect(after.code == 0)
        #expect(after.out.contains("\"tracks\" : 6"))
        #expect(before.code == 0 && before.out == after.out && before.err.isEmpty)
        #expect(mixed.code == 0 && mixed.out == after.out)

        let listed = await QueryCLIRunner.run(["--database", cli.database, "list", "artist:björk", "--format", "$title"])
        #expect(QueryCLIRunner.lines(listed.out) == ["Jóga", "Hyperballad"])
    }

    @Test func globalOptionsBeforeANestedSubcommand() async throws {
        let cli = try await QueryCLIRunner()
        defer { cli.remove() }
        let created = await QueryCLIRunner.run(["--quiet", "--database", cli.database, "playlist", "create", "Road"])
        #expect(created.code == 0 && created.out.isEmpty)
        let shown = await QueryCLIRunner.run(["--json", "--database", cli.database, "playlist", "show", "Road"])
        #expect(shown.code == 0)
        let object = try JSONSerialization.jsonObject(with: Data(shown.out.utf8)) as? [String: Any]
        #expect(object?["entryCount"] as? Int == 0)
    }

    @Test func versionPrintsOneLine() async {
        let result = await QueryCLIRunner.run(["--version"])
        #expect(result.code == 0)
        #expect(result.out == KanoraVersion.current + "\n")
        #expect(KanoraVersion.current == "0.3.0")
    }

    @Test func helpStillWorks() async {
        let root = await QueryCLIRunner.run(["--help"])
        #expect(root.code == 0)
        #expect(root.out.contains("USAGE: kanora [--database <database>] [--json] [--quiet] [--verbose] [--server <server>] [--token <token>] <subcommand>"))
        let list = await QueryCLIRunner.run(["list", "--help"])
        #expect(list.code == 0 && list.out.contains("--sort"))
    }

    @Test("invalid input failing a view model exits 64, changing nothing", arguments: [
        ["list", "colour:red"], ["list", "albums", "year:abc"], ["stats", "colour:red"], ["list", "--sort", "colour+"],
    ])
    func invalidInputThroughAViewModelIsAUsageError(arguments: [String]) async throws {
        let cli = try await QueryCLIRunner()
        defer { cli.remove() }
        let before = await cli.run(["list", "--json"]).out
        let result = await cli.run(arguments)
        #expect(result.code == 64)
        #expect(result.out.isEmpty)
        #expect(result.err.hasPrefix("kanora: ") && result.err.split(separator: "\n").count == 1)
        #expect(result.err.contains("colour") || result.err.contains("abc"))
        #expect(await cli.run(["list", "--json"]).out == before)
    }

    @Test("a view model failing to find something exits 1", arguments: [
        (["playlist", "show", "Nope"], "No playlist named \"Nope\""),
        (["show", "99999"], "No track with id 99999"),
    ])
    func notFoundThroughAViewModelIsAFailure(arguments: [String], message: String) async throws {
        let cli = try await QueryCLIRunner()
        defer { cli.remove() }
        let result = await cli.run(arguments)
        #expect(result.code == 1)
        #expect(result.out.isEmpty)
        #expect(result.err.hasPrefix("kanora: " + message))
    }

    @Test func exitCodesForErrorKindsAreChosenInOnePlace() {
        let kinds: [LibraryError.Code] = [.invalidInput, .notFound, .conflict, .fileSystem, .database, .unimplemented]
        #expect(kinds.map(\.exitCode.rawValue) == [64, 1, 1, 1, 1, 1])
    }
}
