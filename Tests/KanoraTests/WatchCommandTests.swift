import Foundation
@testable import kanora
import Testing
import TestSupport

@Suite("kanora watch")
struct WatchCommandTests {
    @Test func optionsAreValidated() async throws {
        let folder = try TemporaryDirectory("watch-cli")
        defer { folder.remove() }
        let database = folder.path("library.sqlite")
        let negative = await kanora(["watch", "--debounce", "-1"], database: database)
        #expect(negative.code == 64)
        #expect(negative.err.contains("--debounce"))
        let zero = await kanora(["watch", "--interval", "0"], database: database)
        #expect(zero.code == 64)
        #expect(zero.err.contains("--interval"))
        let parsed = try #require(try Kanora.parseAsRoot(["watch", "Music", "Books", "--debounce", "0.5", "--interval", "60", "--poll"]) as? Kanora.Watch)
        #expect(parsed.libraries == ["Music", "Books"])
        #expect(parsed.debounce == 0.5)
        #expect(parsed.interval == 60)
        #expect(parsed.poll)
        let defaults = try #require(try Kanora.parseAsRoot(["watch"]) as? Kanora.Watch)
        #expect(defaults.debounce == 2 && defaults.interval == 300 && !defaults.poll && defaults.libraries.isEmpty)
    }

    @Test func unknownLibraryFailsListingTheKnownOnes() async throws {
        let library = try FixtureLibrary()
        defer { library.remove() }
        #expect(await kanora(["scan", library.music, "--name", "Music", "--quiet"], database: library.database).code == 0)

        let result = await kanora(["watch", "Nope"], database: library.database)

        #expect(result.code == 1)
        #expect(result.err.contains("No library named \"Nope\""))
        #expect(result.err.contains("known libraries: Music"))
        #expect(result.out.isEmpty)
    }

    @Test func withoutLibrariesItSaysHowToAddOne() async throws {
        let folder = try TemporaryDirectory("watch-cli-empty")
        defer { folder.remove() }
        let database = folder.path("library.sqlite")
        let noDatabase = await kanora(["watch"], database: database)
        #expect(noDatabase.code == 1)
        #expect(noDatabase.err.contains("kanora scan"))

        try folder.copy(Fixtures.url("id3v24.mp3"), to: "music/a.mp3")
        #expect(await kanora(["scan", folder.path("music"), "--name", "Music", "--quiet"], database: database).code == 0)
        #expect(await kanora(["library", "remove", "Music"], database: database).code == 0)
        let empty = await kanora(["watch"], database: database)
        #expect(empty.code == 1)
        #expect(empty.err.contains("add one with `kanora scan FOLDER`"))
    }

    @Test func newFilesArePrintedAsOneLinePerSyncUntilStopped() async throws {
        let folder = try TemporaryDirectory("watch-cli-run")
        defer { folder.remove() }
        let database = folder.path("db/library.sqlite")
        try folder.copy(Fixtures.url("tagged.flac"), to: "music/Björk/tagged.flac")
        #expect(await kanora(["scan", folder.path("music"), "--name", "Music", "--quiet"], database: database).code == 0)

        let run = WatchCLIRun(["--debounce", "0.2"], database: database)
        try await run.waitFor("the watch to start") { _, err in err.contains("Music (") && err.contains("watching 2 folders for changes") }
        try folder.copy(Fixtures.url("id3v24.mp3"), to: "music/Björk/new.mp3")

        try await run.waitFor("the sync line") { out, _ in out.contains("Music: 1 added, 0 updated, 0 moved, 0 upgraded, 0 missing, 0 failed (Björk)") }
        #expect(await run.stop() == 0)
        let line = try #require(run.out.split(separator: "\n").first)
        #expect(line.wholeMatch(of: /\d{4}-\d\d-\d\d \d\d:\d\d:\d\d  Music: .*/) != nil)
        let list = await kanora(["list", "--json"], database: database)
        #expect((try list.json() as? [Any])?.count == 2)
    }

    @Test func pollModeIsReportedAndPrintsJSONLines() async throws {
        let folder = try TemporaryDirectory("watch-cli-poll")
        defer { folder.remove() }
        let database = folder.path("library.sqlite")
        try folder.copy(Fixtures.url("tagged.flac"), to: "music/a.flac")
        // Another file stays: an emptied library root is refused as a likely unmounted drive.
        try folder.copy(Fixtures.url("id3v24.mp3"), to: "music/b/stays.mp3")
        #expect(await kanora(["scan", folder.path("music"), "--name", "Music", "--quiet"], database: database).code == 0)

        let run = WatchCLIRun(["Music", "--poll", "--interval", "0.3", "--json"], database: database)
        try await run.waitFor("the periodic watch to start") { _, err in err.contains("rescanning every 0.3 s (periodic rescans were asked for)") }
        try FileManager.default.removeItem(atPath: folder.path("music/a.flac"))

        try await run.waitFor("the sync that marks the file missing") { out, _ in out.contains("\"missing\":1") }
        #expect(await run.stop() == 0)
        let first = try #require(run.out.split(separator: "\n").first { $0.contains("\"missing\":1") })
        let object = try #require(try JSONSerialization.jsonObject(with: Data(first.utf8)) as? [String: Any])
        #expect(object["library"] as? String == "Music")
        #expect(object["added"] as? Int == 0)
    }
}
