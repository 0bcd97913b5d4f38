import Foundation
@testable import kanora
import Testing
import TestSupport

@Suite("kanora events")
struct EventsCommandTests {
    /// A folder with one file in `music/`, scanned as library "Music" into `db/library.sqlite`.
    private static func scannedLibrary(_ name: String) async throws -> (TemporaryDirectory, String) {
        let folder = try TemporaryDirectory(name)
        let database = folder.path("db/library.sqlite")
        try folder.copy(Fixtures.url("tagged.flac"), to: "music/tagged.flac")
        #expect(await kanora(["scan", folder.path("music"), "--name", "Music", "--quiet"], database: database).code == 0)
        return (folder, database)
    }

    @Test func aFileAddedToAWatchedLibraryIsPrintedAsAJSONLineAndThenListed() async throws {
        let (folder, database) = try await Self.scannedLibrary("events-cli-json")
        defer { folder.remove() }

        let run = WatchCLIRun(["--json", "--debounce", "0.2"], database: database, command: "events")
        try await run.waitFor("the watch to start") { _, err in err.contains("Music (") && err.contains("watching 1 folder for changes") }
        try folder.copy(Fixtures.url("id3v24.mp3"), to: "music/new.mp3")

        try await run.waitFor("the tracksChanged line") { out, _ in out.contains("\"tracksChanged\"") }
        #expect(await run.stop() == 0)
        let objects = try run.out.split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
        let changed = try #require(objects.first { $0["kind"] as? String == "tracksChanged" })
        #expect(changed["libraryID"] as? Int == 1)
        #expect(Set(changed.keys) == ["kind", "libraryID", "time"])
        #expect((changed["time"] as? String)?.wholeMatch(of: /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ/) != nil)
        let list = await kanora(["list", "--json"], database: database)
        #expect((try list.json() as? [[String: Any]])?.contains { ($0["path"] as? String)?.hasSuffix("/new.mp3") == true } == true)
    }

    @Test func readableLinesNameTheLibrary() async throws {
        let (folder, database) = try await Self.scannedLibrary("events-cli-table")
        defer { folder.remove() }

        let run = WatchCLIRun(["--library", "music", "--debounce", "0.2"], database: database, command: "events")
        try await run.waitFor("the watch to start") { _, err in err.contains("watching 1 folder for changes") }
        try FileManager.default.removeItem(atPath: folder.path("music/tagged.flac"))
        try folder.copy(Fixtures.url("id3v24.mp3"), to: "music/other.mp3")

        try await run.waitFor("the tracks line") { out, _ in out.contains("tracks changed in Music") }
        #expect(await run.stop() == 0)
        let line = try #require(run.out.split(separator: "\n").first { $0.contains("tracks changed") })
        #expect(line.wholeMatch(of: /\d\d:\d\d:\d\d tracks changed in Music/) != nil)
    }

    @Test func anUnknownLibraryOrNoDatabaseIsOneLineAndExitOne() async throws {
        let folder = try TemporaryDirectory("events-cli-bad")
        defer { folder.remove() }
        let database = folder.path("library.sqlite")
        let missing = await kanora(["events"], database: database)
        #expect(missing.code == 1)
        #expect(missing.err.contains("kanora scan"))
        #expect(missing.err.split(separator: "\n").count == 1)

        try folder.copy(Fixtures.url("tagged.flac"), to: "music/tagged.flac")
        #expect(await kanora(["scan", folder.path("music"), "--name", "Music", "--quiet"], database: database).code == 0)
        let unknown = await kanora(["events", "--library", "Nope"], database: database)
        #expect(unknown.code == 1)
        #expect(unknown.err == "kanora: No library named \"Nope\": known libraries: Music.\n" || unknown.err.contains("known libraries: Music"))
        #expect(unknown.err.split(separator: "\n").count == 1)
        #expect(unknown.out.isEmpty)
        #expect(await kanora(["events", "--debounce", "-1"], database: database).code == 64)
    }
}
