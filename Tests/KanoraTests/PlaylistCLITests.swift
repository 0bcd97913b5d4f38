import Foundation
@testable import kanora
import Testing
import TestSupport

@Suite("kanora playlist")
struct PlaylistCLITests {
    static let all = ["Hyperballad", "Kickstart My Heart", "東京"]

    @Test func createListShowRenameDuplicateDelete() async throws {
        let cli = try await PlaylistCLIHarness()
        defer { cli.folder.remove() }
        var result = await cli.run(["playlist", "create", "Road Trip", "--description", "Loud songs"])
        #expect(result.code == 0)
        #expect(result.out == "Created playlist \"Road Trip\" (0 entries).\n")
        #expect(await cli.run(["playlist", "add", "road trip", "title:hyperballad"]).code == 0)

        #expect(await cli.lines(["playlist", "list"]) == ["NAME       TRACKS  LENGTH  KIND", "Road Trip       1    0:01  normal"])
        #expect(await cli.lines(["playlist", "show", "Road Trip"]) == [
            "#  ARTIST        TITLE        LENGTH", "1  Björk, Guest  Hyperballad    0:01", "1 entry, 0:01",
        ])

        result = await cli.run(["playlist", "rename", "Road Trip", "Drive"])
        #expect(result.out == "Renamed \"Road Trip\" to \"Drive\".\n")
        result = await cli.run(["playlist", "duplicate", "drive", "Drive 2"])
        #expect(result.out == "Copied \"drive\" to \"Drive 2\" (1 entry).\n")
        result = await cli.run(["playlist", "delete", "Drive"])
        #expect(result.out == "Deleted playlist \"Drive\" (1 entry).\n")
        let json = await cli.run(["playlist", "list", "--json"]).out
        #expect(json.contains("\"name\" : \"Drive 2\""))
        #expect(json.contains("\"description\" : \"Loud songs\""))
        #expect(!json.contains("\"name\" : \"Drive\""))
    }

    @Test func addByQueryIdPathAndPosition() async throws {
        let cli = try await PlaylistCLIHarness()
        defer { cli.folder.remove() }
        _ = await cli.run(["playlist", "create", "Mix"])
        var result = await cli.run(["playlist", "add", "Mix", "artist:mötley"])
        #expect(result.out == "Added 2 entries to \"Mix\" (now 2 entries).\n")
        #expect(try await cli.titles("Mix") == ["Kickstart My Heart", "東京"])

        let hyperballad = try await cli.id(of: "Hyperballad")
        let tokyo = try await cli.id(of: "東京")
        result = await cli.run(["playlist", "add", "Mix", String(tokyo), String(hyperballad), "--at", "1"])
        #expect(result.code == 0)
        #expect(try await cli.titles("Mix") == ["東京", "Hyperballad", "Kickstart My Heart", "東京"])

        result = await cli.run(["playlist", "add", "Mix", cli.music + "/tagged.flac", "--at", "5"])
        #expect(result.code == 0)
        #expect(try await cli.titles("Mix") == ["東京", "Hyperballad", "Kickstart My Heart", "東京", "Hyperballad"])
        result = await cli.run(["playlist", "add", "Mix", "id:\(hyperballad)"])
        #expect(try await cli.titles("Mix").count == 6)
    }

    @Test func removeMoveDedupeClear() async throws {
        let cli = try await PlaylistCLIHarness()
        defer { cli.folder.remove() }
        _ = await cli.run(["playlist", "create", "Mix"])
        _ = await cli.run(["playlist", "add", "Mix", "year:1900..2100"])
        _ = await cli.run(["playlist", "add", "Mix", "year:1900..2100"])
        #expect(try await cli.titles("Mix") == Self.all + Self.all)

        var result = await cli.run(["playlist", "remove", "Mix", "1", "2"])
        #expect(result.out == "Removed 2 entries from \"Mix\" (now 4 entries).\n")
        result = await cli.run(["playlist", "move", "Mix", "1", "4"])
        #expect(result.code == 0)
        #expect(try await cli.titles("Mix") == ["Hyperballad", "Kickstart My Heart", "東京", "東京"])
        result = await cli.run(["playlist", "dedupe", "Mix"])
        #expect(result.out == "Removed 1 entry repeated in \"Mix\".\n")
        result = await cli.run(["playlist", "remove", "Mix", "--query", "title:kickstart"])
        #expect(try await cli.titles("Mix") == ["Hyperballad", "東京"])
        result = await cli.run(["playlist", "clear", "Mix"])
        #expect(result.out == "Cleared \"Mix\" (2 entries removed).\n")
        #expect(try await cli.titles("Mix").isEmpty)
    }

    @Test func smartPlaylistShowsItsQueryRefusesEditsAndFreezes() async throws {
        let cli = try await PlaylistCLIHarness()
        defer { cli.folder.remove() }
        var result = await cli.run(["playlist", "create", "Old", "--query", "year:..1995", "--sort", "year-", "--limit", "5"])
        #expect(result.out == "Created smart playlist \"Old\" (2 entries).\n")
        #expect(await cli.lines(["playlist", "list"]).last == "Old        2    0:02  smart")
        #expect(await cli.lines(["playlist", "show", "Old"]).last == "2 entries, 0:02; smart: year:..1995, sort year-, limit 5")
        #expect(try await cli.titles("Old") == ["Hyperballad", "Kickstart My Heart"])

        result = await cli.run(["playlist", "move", "Old", "1", "2"])
        #expect(result.code == 64)
        #expect(result.err.hasPrefix("kanora: \"Old\" is a smart playlist"))
        result = await cli.run(["playlist", "freeze", "Old"])
        #expect(result.out == "Froze \"Old\" with 2 entries.\n")
        #expect(await cli.run(["playlist", "move", "Old", "1", "2"]).code == 0)
        #expect(try await cli.titles("Old") == ["Kickstart My Heart", "Hyperballad"])

        result = await cli.run(["playlist", "create", "Now", "--query", "artist:mötley", "--freeze"])
        #expect(result.out == "Created playlist \"Now\" (2 entries).\n")
    }

    @Test func errorsAreOneLineWithTheRightExitCode() async throws {
        let cli = try await PlaylistCLIHarness()
        defer { cli.folder.remove() }
        _ = await cli.run(["playlist", "create", "Mix"])
        _ = await cli.run(["playlist", "add", "Mix", "title:hyperballad"])
        let cases: [([String], Int32, String)] = [
            (["playlist", "show", "Nope"], 1, "kanora: No playlist named \"Nope\": see `kanora playlist list`."),
            (["playlist", "add", "Mix", "title:zzz"], 1, "kanora: No track matches \"title:zzz\": nothing was added to \"Mix\"."),
            (["playlist", "remove", "Mix", "3"], 64, "kanora: Position 3 is out of range: \"Mix\" has 1 entry; use 1 to 1."),
            (["playlist", "move", "Mix", "1", "0"], 64, "kanora: Position 0 is not valid: positions start at 1."),
            (["playlist", "add", "Mix", "title:x", "--at", "3"], 1, "kanora: No track matches \"title:x\": nothing was added to \"Mix\"."),
            (["playlist", "add", "Mix", "title:kickstart", "--at", "3"], 64, "kanora: Position 3 is out of range: \"Mix\" has 1 entry, so insert at 1 to 2."),
            (["playlist", "create", "MIX"], 1, "kanora: A playlist named \"Mix\" already exists: choose another name."),
            (["playlist", "create", "  "], 64, "kanora: The playlist name is empty: give a name with at least one visible character."),
            (["playlist", "create", String(repeating: "x", count: 201)], 64, "kanora: The playlist name is 201 characters long: use at most 200."),
            (["playlist", "create", "A", "--description", String(repeating: "d", count: 2001)], 64, "kanora: The playlist description is 2001 characters long: use at most 2000."),
            (["playlist", "rename", "Mix", "two\nlines"], 64, "kanora: The playlist name contains a control character or line break: use a single line of text."),
            (["playlist", "duplicate", "Mix", ""], 64, "kanora: The playlist name is empty: give a name with at least one visible character."),
            (["playlist", "create", "Bad", "--query", "colour:red"], 64, ""),
            (["playlist", "create", "Bad", "--sort", "year+"], 64, "kanora: --sort, --limit and --freeze describe a smart playlist: give its --query too."),
            (["playlist", "freeze", "Mix"], 64, "kanora: \"Mix\" is not a smart playlist: there is nothing to freeze."),
            (["playlist", "remove", "Mix"], 64, "kanora: Give either positions or --query, e.g. `kanora playlist remove Mix 3 5`."),
            (["playlist", "export", "Mix", "--absolute", "--relative-to", "/tmp"], 64, "kanora: Choose one of --absolute and --relative-to."),
            (["playlist", "import", cli.folder.path("none.m3u")], 1, ""),
        ]
        for (arguments, code, message) in cases {
            let result = await cli.run(arguments)
            #expect(result.code == code, "\(arguments)")
            #expect(result.out.isEmpty, "\(arguments)")
            // ArgumentParser follows a usage error's line with the usage; the error is the first line.
            let firstLine = result.err.split(separator: "\n").first.map(String.init) ?? ""
            #expect(firstLine.hasPrefix("kanora: "), "\(arguments): \(result.err)")
            if code == 1 { #expect(result.err == firstLine + "\n", "\(arguments)") }
            if !message.isEmpty { #expect(firstLine == message, "\(arguments)") }
        }
        #expect(try await cli.titles("Mix") == ["Hyperballad"])
        #expect(await cli.lines(["playlist", "list"]).count == 2)
    }

    @Test func exportToStdoutAndFileThenImportBack() async throws {
        let cli = try await PlaylistCLIHarness()
        defer { cli.folder.remove() }
        _ = await cli.run(["playlist", "create", "Mix"])
        _ = await cli.run(["playlist", "add", "Mix", "artist:mötley", "--sort", "title-"])
        var result = await cli.run(["playlist", "export", "Mix"])
        #expect(result.out == """
            #EXTM3U
            #EXTINF:1,Mötley Crüe, 東京事変 - 東京
            \(cli.music)/id3v24.mp3
            #EXTINF:1,Mötley Crüe - Kickstart My Heart
            \(cli.music)/vorbis.ogg

            """)
        let file = cli.folder.path("lists/mix.m3u8")
        try FileManager.default.createDirectory(atPath: cli.folder.path("lists"), withIntermediateDirectories: true)
        result = await cli.run(["playlist", "export", "Mix", file])
        #expect(result.out == "Exported 2 entries to \(file).\n")
        let written = try String(contentsOfFile: file, encoding: .utf8)
        #expect(written.contains("\n../music/vorbis.ogg\n"))

        result = await cli.run(["playlist", "import", file, "--name", "Mix copy"])
        #expect(result.code == 0)
        #expect(result.out == "Imported 2 entries into \"Mix copy\".\n")
        #expect(try await cli.titles("Mix copy") == ["東京", "Kickstart My Heart"])

        result = await cli.run(["playlist", "export", "Mix", "--relative-to", cli.music])
        #expect(result.out.contains("\nvorbis.ogg\n"))
    }

    @Test func importReportsUnmatchedLinesAndRefusesEmptyFiles() async throws {
        let cli = try await PlaylistCLIHarness()
        defer { cli.folder.remove() }
        let file = cli.folder.path("music/list.m3u")
        try Data("#EXTM3U\r\nvorbis.ogg\r\nmissing.flac\r\nfile://\(cli.music)/tagged.flac\r\n".utf8).write(to: URL(fileURLWithPath: file))
        var result = await cli.run(["playlist", "import", file])
        #expect(result.code == 0)
        #expect(result.err == "kanora: \(file):3: no library track at missing.flac\n")
        #expect(result.out == "Imported 2 entries into \"list\"; 1 not matched.\n")
        #expect(try await cli.titles("list") == ["Kickstart My Heart", "Hyperballad"])

        let empty = cli.folder.path("empty.m3u")
        try Data("#EXTM3U\n".utf8).write(to: URL(fileURLWithPath: empty))
        result = await cli.run(["playlist", "import", empty])
        #expect(result.code == 64)
        #expect(result.err == "kanora: empty.m3u has no playlist entries: nothing was created.\n")
        #expect(await cli.lines(["playlist", "list"]).count == 2)
    }

    @Test func parsingTheCommandLine() throws {
        let command = try Kanora.parseAsRoot(["playlist", "add", "Mix", "-artist:x", "year:1990..", "--at", "2"])
        let add = try #require(command as? Kanora.PlaylistCommand.Add)
        #expect(add.name == "Mix")
        #expect(add.terms == ["-artist:x", "year:1990.."])
        #expect(add.at == 2)
        #expect(TrackReference("12", currentDirectory: "/") == TrackReference("12", currentDirectory: "/tmp"))
        #expect(TrackReference("12", currentDirectory: "/")?.term == "id:12")
        #expect(TrackReference("no-such-file.mp3", currentDirectory: "/") == nil)
    }
}
