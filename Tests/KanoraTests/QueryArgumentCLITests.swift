import Foundation
@testable import kanora
import Testing
import TestSupport

@Suite("kanora: one query term per argument")
struct QueryArgumentCLITests {
    private func titles(_ result: (code: Int32, out: String, err: String)) -> [String] {
        QueryCLIRunner.lines(result.out)
    }

    @Test func anArgumentWithSpacesIsOneTerm() async throws {
        let cli = try await QueryCLIRunner()
        defer { cli.remove() }
        // Split on spaces this would be `^album:Old` AND `Album`, which nothing matches.
        let others = await cli.run(["list", "^album:Old Album", "--format", "$title"])
        #expect(others.code == 0)
        #expect(Set(titles(others)) == ["Hyperballad", "Jóga", "Kickstart My Heart", "群青日和", "東京"])

        let exact = await cli.run(["list", "album:=Old Album", "--format", "$title"])
        #expect(titles(exact) == ["Old Song"])
    }

    @Test func aPathWithSpacesInOneArgument() async throws {
        let cli = try await QueryCLIRunner()
        defer { cli.remove() }
        let folder = await cli.run(["list", "path:" + cli.musicPath("Mötley Crüe/Dr. Feelgood"), "--format", "$title"])
        #expect(folder.code == 0)
        #expect(titles(folder) == ["Kickstart My Heart"])
        // Inner quotes still work inside one argument.
        let quoted = await cli.run(["list", "path:\"" + cli.musicPath("Mötley Crüe") + "\"", "--format", "$title"])
        #expect(titles(quoted) == ["Kickstart My Heart"])
    }

    @Test func aBareArgumentWithSpacesIsOnePhrase() async throws {
        let cli = try await QueryCLIRunner()
        defer { cli.remove() }
        #expect(titles(await cli.run(["list", "old song", "--format", "$title"])) == ["Old Song"])
        #expect(titles(await cli.run(["list", "song", "old", "--format", "$title"])) == ["Old Song"])
        let reversed = await cli.run(["list", "song old", "--format", "$title"])
        #expect(reversed.code == 0)
        #expect(titles(reversed).isEmpty)
    }

    @Test func aCommaAloneOrEndingAnArgumentIsOr() async throws {
        let cli = try await QueryCLIRunner()
        defer { cli.remove() }
        for arguments in [["title:jóga", ",", "title:old"], ["title:jóga,", "title:old"]] {
            let result = await cli.run(["list"] + arguments + ["--format", "$title", "--sort", "title+"])
            #expect(titles(result) == ["Jóga", "Old Song"], "\(arguments)")
        }
        // Inside an argument a comma is part of the value: no title holds "jóga,old".
        #expect(titles(await cli.run(["list", "title:jóga,old", "--format", "$title"])).isEmpty)
    }

    @Test func statsTakesOneTermPerArgumentToo() async throws {
        let cli = try await QueryCLIRunner()
        defer { cli.remove() }
        let result = await cli.run(["stats", "--json", "album:Old Album"])
        #expect(result.code == 0)
        let stats = try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any]
        #expect(stats?["tracks"] as? Int == 1)
    }

    @Test func playlistAddTakesOneTermPerArgument() async throws {
        let cli = try await QueryCLIRunner()
        defer { cli.remove() }
        #expect(await cli.run(["playlist", "create", "Mix"]).code == 0)
        let added = await cli.run(["playlist", "add", "Mix", "album:Old Album"])
        #expect(added.code == 0)
        #expect(added.out == "Added 1 entry to \"Mix\" (now 1 entry).\n")
    }

    @Test func aSmartPlaylistQueryWithSpacesRoundTrips() async throws {
        let cli = try await QueryCLIRunner()
        defer { cli.remove() }
        let created = await cli.run(["playlist", "create", "Old", "--query", "album:\"Old Album\" year:..2000"])
        #expect(created.code == 0)
        #expect(created.out == "Created smart playlist \"Old\" (1 entry).\n")
        let shown = await cli.run(["playlist", "list", "--json"])
        #expect(shown.out.contains(#"album:\"Old Album\" year:..2000"#))
    }
}
