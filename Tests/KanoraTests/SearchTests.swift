import Foundation
@testable import kanora
import Testing
import TestSupport

@Suite("kanora search")
struct SearchTests {
    private func lines(_ text: String) -> [String] { QueryCLIRunner.lines(text) }

    @Test func printsATableOfMatches() async throws {
        let cli = try await QueryCLIRunner()
        defer { cli.remove() }
        let result = await cli.run(["search", "bjork"])
        #expect(result.code == 0)
        let output = lines(result.out)
        #expect(output.first?.hasPrefix("ID  ARTIST") == true)
        #expect(output.count == 3)
        #expect(result.out.contains("Jóga") && result.out.contains("Hyperballad"))
    }

    @Test func titleMatchesComeFirst() async throws {
        let cli = try await QueryCLIRunner()
        defer { cli.remove() }
        let result = await cli.run(["search", "東京", "--format", "$title"])
        #expect(result.code == 0)
        #expect(lines(result.out).first == "東京")
        #expect(Set(lines(result.out)) == ["東京", "群青日和"])
    }

    @Test func foldsPrefixesAndLimits() async throws {
        let cli = try await QueryCLIRunner()
        defer { cli.remove() }
        #expect(lines(await cli.run(["search", "MOTLEY", "kicks", "--format", "$title"]).out) == ["Kickstart My Heart"])
        #expect(lines(await cli.run(["search", "björk", "--limit", "1", "--format", "$title"]).out).count == 1)
        #expect(lines(await cli.run(["search", "hyperbal", "--paths"]).out) == [cli.musicPath("Björk/Post/03 Hyperballad.flac")])
    }

    @Test func jsonUsesTheTrackContract() async throws {
        let cli = try await QueryCLIRunner()
        defer { cli.remove() }
        let result = await cli.run(["search", "jóga", "--json"])
        let tracks = try #require(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [[String: Any]])
        #expect(tracks.map { $0["title"] as? String } == ["Jóga"])
        #expect(tracks[0]["artists"] as? [String] == ["Björk"])
        let none = await cli.run(["search", "zzzz", "--json"])
        #expect((try JSONSerialization.jsonObject(with: Data(none.out.utf8)) as? [Any])?.isEmpty == true)
    }

    @Test func missingTracksAreNotFound() async throws {
        let cli = try await QueryCLIRunner()
        defer { cli.remove() }
        try FileManager.default.removeItem(atPath: cli.musicPath("Björk/Post/03 Hyperballad.flac"))
        #expect(await cli.run(["scan", cli.folder.path("music")]).code == 0)
        let result = await cli.run(["search", "bjork", "--format", "$title"])
        #expect(lines(result.out) == ["Jóga"])
    }

    @Test func nothingFound() async throws {
        let cli = try await QueryCLIRunner()
        defer { cli.remove() }
        let result = await cli.run(["search", "zzzz"])
        #expect(result.code == 0)
        #expect(result.out.isEmpty)
        #expect(result.err.contains("nothing matches"))
    }

    @Test("usage errors exit 64", arguments: [
        (["search"], "nothing to search for"),
        (["search", "*"], "nothing to search for"),
        (["search", "x", "--paths", "--json"], "cannot be used together"),
        (["search", "x", "--format", "$nope"], "unknown field \"nope\""),
        (["search", "x", "--limit", "0"], "--limit"),
    ])
    func usageErrors(arguments: [String], message: String) async throws {
        let cli = try await QueryCLIRunner(fixtures: ["id3v1.mp3": "a.mp3"])
        defer { cli.remove() }
        let result = await cli.run(arguments)
        #expect(result.code == 64)
        #expect(result.err.contains(message), "\(result.err)")
    }

    @Test func aMissingDatabaseIsAFailure() async throws {
        let folder = try TemporaryDirectory("no-db")
        defer { folder.remove() }
        let result = await QueryCLIRunner.run(["search", "x", "--database", folder.path("none.sqlite")])
        #expect(result.code == 1)
        #expect(result.err.contains("No Kanora database"))
    }
}
