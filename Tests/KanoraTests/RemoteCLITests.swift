import Foundation
import HummingbirdTesting
@testable import kanora
import LibraryCore
import LibraryServer
import LibraryServices
import TestKit
import Testing
import TestSupport

/// `kanora ... --server URL --token KEY` against `kanora serve` over the same database
/// prints exactly what the local command prints.
@Suite("kanora --server: the same commands and output against a server", .serialized)
struct RemoteCLITests {
    /// The fixture library scanned into a database file, served with an API key of the
    /// local user (so the CLI's playlists and the key's are the same).
    private func serve(_ body: @escaping @Sendable (_ library: FixtureLibrary, _ remote: [String]) async throws -> Void) async throws {
        let library = try FixtureLibrary()
        defer { library.remove() }
        #expect(await kanora(["scan", library.music, "--quiet"], database: library.database).code == 0)
        let services = try ServiceContainer.live(databaseURL: URL(fileURLWithPath: library.database))
        let token = try await services.users.createAPIKey(forUser: "local")
        let application = KanoraServer.application(services: services, configuration: ServerConfiguration(port: 0, watch: false))
        try await application.test(.live) { client in
            try await body(library, ["--server", "http://127.0.0.1:\(client.port!)", "--token", token])
        }
    }

    @Test func readingCommandsPrintTheSameBytes() async throws {
        try await serve { library, remote in
            let ids = await kanora(["list", "--format", "$id", "--limit", "1"], database: library.database).out
            let id = try #require(ids.split(separator: "\n").first.map(String.init))
            let commands: [[String]] = [
                ["list"], ["list", "albums"], ["list", "artists"], ["list", "artist:björk", "year:1990..", "--sort", "year-", "title+"],
                ["list", "--format", "$artist - $title ($year)"], ["list", "--paths"], ["list", "--missing", "--limit", "3"],
                ["search", "bjork"], ["search", "jo"], ["show", id], ["stats"], ["stats", "artist:björk"],
                ["library", "list"], ["doctor"],
            ]
            for command in commands {
                for json in [[], ["--json"]] where !(json == ["--json"] && command.contains { $0.hasPrefix("--format") || $0 == "--paths" }) {
                    let local = await kanora(command + json, database: library.database)
                    let remoteRun = await kanora(command + json + remote, database: nil)
                    #expect(local.code == 0, "\(command + json): \(local.err)")
                    #expect(remoteRun.code == local.code, "\(command + json): \(remoteRun.err)")
                    #expect(remoteRun.out == local.out, "\(command + json)")
                    #expect(remoteRun.err == local.err, "\(command + json)")
                }
            }
        }
    }

    @Test func aPlaylistCreatedAndFilledRemotelyIsInTheServersDatabase() async throws {
        try await serve { library, remote in
            #expect(await kanora(["playlist", "create", "Road", "--description", "car"] + remote, database: nil).code == 0)
            let added = await kanora(["playlist", "add", "Road", "artist:björk", "--sort", "year+"] + remote, database: nil)
            #expect(added.code == 0, "\(added.err)")
            #expect(await kanora(["playlist", "move", "Road", "2", "1"] + remote, database: nil).code == 0)
            for json in [[], ["--json"]] {
                let local = await kanora(["playlist", "show", "Road"] + json, database: library.database)
                let remoteRun = await kanora(["playlist", "show", "Road"] + json + remote, database: nil)
                #expect(local.code == 0 && local.out.contains("Jóga"))
                #expect(remoteRun.out == local.out && remoteRun.code == 0)
            }
            let lists = await kanora(["playlist", "list"] + remote, database: nil)
            #expect(lists.out == (await kanora(["playlist", "list"], database: library.database)).out)
            let file = library.folder.path("road.m3u8")
            #expect(await kanora(["playlist", "export", "Road", file] + remote, database: nil).code == 0)
            let imported = await kanora(["playlist", "import", file, "--name", "Copy"] + remote, database: nil)
            #expect(imported.code == 0, "\(imported.err)")
            let copy = await kanora(["playlist", "export", "Copy"], database: library.database)
            let road = await kanora(["playlist", "export", "Road"], database: library.database)
            #expect(!copy.out.isEmpty && copy.out == road.out, "\(copy.err) \(road.err) \(imported.out)")
        }
    }

    @Test func aRemoteScanSyncsTheServersLibrariesAndReportsLikeALocalOne() async throws {
        try await serve { library, remote in
            try library.folder.copy(Fixtures.url("tagged.flac"), to: "music/new/extra.flac")
            let scanned = await kanora(["scan"] + remote, database: nil)
            #expect(scanned.code == 0, "\(scanned.err)")
            #expect(scanned.out.contains("music (\(library.music)): 1 added, 0 updated"))
            let unknown = await kanora(["scan", "Nope"] + remote, database: nil)
            #expect(unknown.code == 1 && unknown.err.split(separator: "\n").count == 1)
            let named = await kanora(["scan", "music", "--name", "X"] + remote, database: nil)
            #expect(named.code == 64)
        }
    }

    @Test func wrongTokensDeadServersAndLocalOnlyCommandsAreOneLine() async throws {
        try await serve { library, remote in
            let wrong = await kanora(["list", "--server", remote[1], "--token", "knr_wrong"], database: nil)
            #expect(wrong.code == 1 && wrong.out.isEmpty)
            #expect(wrong.err == "kanora: The server refused the token: create one with `kanora user key NAME` on the server and pass it with --token or KANORA_TOKEN.\n")
            let noToken = await kanora(["list", "--server", remote[1]], database: nil)
            #expect(noToken.code == 64 && noToken.err.split(separator: "\n").count == 1 && noToken.err.contains("--token"))
            for command in [["serve"], ["user", "list"], ["watch"]] {
                let refused = await kanora(command + remote, database: library.database)
                #expect(refused.code == 64 && refused.err.split(separator: "\n").count == 1, "\(command): \(refused.err)")
                #expect(refused.err.contains("without --server"))
            }
        }
        let port = try deadPort()
        let dead = await kanora(["list", "--server", "http://127.0.0.1:\(port)", "--token", "knr_x"], database: nil)
        #expect(dead.code == 1 && dead.out.isEmpty)
        #expect(dead.err == "kanora: Cannot reach the Kanora server at http://127.0.0.1:\(port): connection refused. Is `kanora serve` running there?\n")
    }
}
