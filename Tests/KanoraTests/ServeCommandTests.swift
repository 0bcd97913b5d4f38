import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
@testable import kanora
import Testing
import TestSupport

@Suite("kanora serve")
struct ServeCommandTests {
    @Test func optionsAreValidated() async throws {
        let folder = try TemporaryDirectory("serve-cli")
        defer { folder.remove() }
        let database = folder.path("library.sqlite")
        let port = await kanora(["serve", "--port", "70000"], database: database)
        #expect(port.code == 64)
        #expect(port.err.contains("--port"))
        let host = await kanora(["serve", "--host", ""], database: database)
        #expect(host.code == 64)
        let parsed = try #require(try Kanora.parseAsRoot(["serve", "--host", "0.0.0.0", "--port", "8080", "--no-watch"]) as? Kanora.Serve)
        #expect(parsed.host == "0.0.0.0" && parsed.port == 8080 && parsed.noWatch)
        let defaults = try #require(try Kanora.parseAsRoot(["serve"]) as? Kanora.Serve)
        #expect(defaults.host == "127.0.0.1" && defaults.port == 4544 && !defaults.noWatch)
        let missing = await kanora(["serve"], database: database)
        #expect(missing.code == 1)
        #expect(missing.err.contains("kanora scan"))
    }

    @Test func printsWhereItListensServesAndStops() async throws {
        let folder = try TemporaryDirectory("serve-cli-run")
        defer { folder.remove() }
        let database = folder.path("library.sqlite")
        try folder.copy(Fixtures.url("tagged.flac"), to: "music/a.flac")
        #expect(await kanora(["scan", folder.path("music"), "--quiet"], database: database).code == 0)

        let run = WatchCLIRun(["--port", "0", "--no-watch"], database: database, command: "serve")
        try await run.waitFor("the server to listen") { out, _ in out.contains("/rest/ (Subsonic)") }
        let line = try #require(run.out.split(separator: "\n").first)
        let match = try #require(line.wholeMatch(of: /Serving 1 track at http:\/\/127\.0\.0\.1:(\d+)\/rest\/ \(Subsonic\)/))
        let port = try #require(Int(match.1))
        let (data, _) = try await URLSession.shared.data(
            from: URL(string: "http://127.0.0.1:\(port)/rest/getOpenSubsonicExtensions.view?f=json")!)
        #expect(String(decoding: data, as: UTF8.self).contains(#""status":"ok""#))

        let taken = await kanora(["serve", "--port", String(port), "--no-watch"], database: database)
        #expect(taken.code == 1)
        #expect(taken.out.isEmpty)
        #expect(taken.err == "kanora: Cannot listen on 127.0.0.1:\(port): the port is in use (another kanora serve?); pass another --port.\n")

        #expect(await run.stop() == 0)
        // Where it listens (Subsonic, then the web app), then whether it transcodes; nothing else.
        let lines = run.out.split(separator: "\n")
        #expect(lines.count == 3)
        #expect(lines.dropFirst().first == "Web app at http://127.0.0.1:\(port)/ (sign in as a user made with `kanora user add`)")
        #expect(lines.last?.hasPrefix("Transcoding o") == true)
    }
}
