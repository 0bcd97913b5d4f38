import Foundation
import Testing
import TestSupport

@Suite("kanora list, show, stats, library")
struct ListCommandTests {
    /// A library scanned once, shared by the read-only checks of one test.
    private func scanned() async throws -> FixtureLibrary {
        let library = try FixtureLibrary()
        let result = await kanora(["scan", library.music], database: library.database)
        try #require(result.code == 0)
        return library
    }

    @Test func listJSONMatchesTheFixtureTagsFieldByField() async throws {
        let library = try await scanned()
        defer { library.remove() }
        let expected = try Fixtures.expected()

        let result = await kanora(["list", "tracks", "--json"], database: library.database)

        #expect(result.code == 0)
        let rows = try #require(try result.json() as? [[String: Any]])
        #expect(rows.count == expected.files.count)
        let keys: Set<String> = [
            "id", "path", "library", "title", "artist", "artists", "album", "albumArtist", "albumArtists",
            "trackNumber", "trackTotal", "discNumber", "discTotal", "year", "date", "genres", "composer",
            "compilation", "durationMs", "bitrate", "sampleRate", "channels", "format", "fileSize",
            "hasCoverArt", "missing", "damaged",
        ]
        for row in rows {
            #expect(Set(row.keys) == keys)
            let path = try #require(row["path"] as? String)
            let name = URL(fileURLWithPath: path).lastPathComponent
            let want = try #require(expected.files[name], "unexpected track \(name)")
            #expect(row["format"] as? String == want.format, "\(name)")
            #expect(row["title"] as? String == (want.title ?? URL(fileURLWithPath: name).deletingPathExtension().lastPathComponent), "\(name)")
            #expect(row["artists"] as? [String] == (want.artists ?? []), "\(name)")
            #expect(row["artist"] as? String == want.artists?.joined(separator: ", "), "\(name)")
            #expect(row["albumArtists"] as? [String] == (want.albumArtists ?? []), "\(name)")
            #expect(row["album"] as? String == want.album, "\(name)")
            #expect(row["trackNumber"] as? Int == want.trackNumber, "\(name)")
            #expect(row["trackTotal"] as? Int == want.trackTotal, "\(name)")
            #expect(row["discNumber"] as? Int == want.discNumber, "\(name)")
            #expect(row["discTotal"] as? Int == want.discTotal, "\(name)")
            #expect(row["year"] as? Int == want.year, "\(name)")
            #expect(row["date"] as? String == want.date, "\(name)")
            #expect(row["genres"] as? [String] == (want.genres ?? []), "\(name)")
            #expect(row["composer"] as? String == want.composer, "\(name)")
            #expect(row["compilation"] as? Bool == want.compilation, "\(name)")
            #expect(row["hasCoverArt"] as? Bool == want.hasCoverArt, "\(name)")
            #expect(row["missing"] as? Bool == false)
            #expect(row["damaged"] as? String == want.damage, "\(name)")
            #expect(want.damage != nil || row["damaged"] is NSNull, "\(name): a whole file's damaged is null")
            #expect(row["library"] as? String == "music")
            if let rate = want.sampleRate { #expect(row["sampleRate"] as? Int == rate, "\(name)") }
            if let channels = want.channels { #expect(row["channels"] as? Int == channels, "\(name)") }
            let duration = try #require(row["durationMs"] as? Int)
            #expect(abs(duration - want.durationMs) <= expected.durationToleranceMs, "\(name)")
            let size = try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int
            #expect(row["fileSize"] as? Int == size)
        }
    }

    @Test func absentValuesAreJSONNull() async throws {
        let library = try await scanned()
        defer { library.remove() }
        let result = await kanora(["list", "--json"], database: library.database)
        let text = result.out
        #expect(text.contains("\"composer\" : null"))
        #expect(!text.contains("\"composer\" : \"\""))
    }

    @Test func tableListsEveryTrackWithAHeader() async throws {
        let library = try await scanned()
        defer { library.remove() }
        let result = await kanora(["list"], database: library.database)
        #expect(result.code == 0)
        let lines = result.out.split(separator: "\n")
        #expect(lines.first?.hasPrefix("ID") == true)
        #expect(lines.count == (try Fixtures.expected()).files.count + 1)
        #expect(result.out.contains("Björk"))
    }

    @Test func simpleFiltersAndTargets() async throws {
        let library = try await scanned()
        defer { library.remove() }
        let bjork = await kanora(["list", "artist:bjork", "--json"], database: library.database)
        let rows = try #require(try bjork.json() as? [[String: Any]])
        #expect(!rows.isEmpty)
        #expect(rows.allSatisfy { ($0["artists"] as? [String])?.contains { $0.hasPrefix("Björk") } == true })

        let albums = await kanora(["list", "albums", "--json"], database: library.database)
        let albumRows = try #require(try albums.json() as? [[String: Any]])
        #expect(albumRows.contains { $0["album"] as? String == "Homogenic" })
        let artists = await kanora(["list", "artists", "--json"], database: library.database)
        let artistRows = try #require(try artists.json() as? [[String: Any]])
        #expect(artistRows.contains { $0["name"] as? String == "Björk" })
    }

    @Test func unknownFilterFieldIsAUsageError() async throws {
        let library = try await scanned()
        defer { library.remove() }
        let result = await kanora(["list", "colour:red"], database: library.database)
        #expect(result.code == 64)
        #expect(result.err.contains("colour"))
        #expect(result.err.split(separator: "\n").count == 1)
        #expect(result.out.isEmpty)
    }

    @Test func showByIDAndByPath() async throws {
        let library = try await scanned()
        defer { library.remove() }
        let list = await kanora(["list", "title:Jóga", "--json"], database: library.database)
        let row = try #require((try list.json() as? [[String: Any]])?.first)
        let id = try #require(row["id"] as? Int)
        let path = try #require(row["path"] as? String)

        let byID = await kanora(["show", String(id)], database: library.database)
        #expect(byID.code == 0)
        #expect(byID.out.contains("title:"))
        #expect(byID.out.contains("Jóga"))
        let byPath = await kanora(["show", path], database: library.database)
        #expect(byPath.out == byID.out)
        let json = await kanora(["show", String(id), "--json"], database: library.database)
        let object = try #require(try json.json() as? [String: Any])
        #expect(object["title"] as? String == "Jóga")

        let missing = await kanora(["show", "999999"], database: library.database)
        #expect(missing.code == 1)
        #expect(missing.err.contains("No track with id 999999"))
    }

    @Test func statsAgreeWithTheFixtures() async throws {
        let library = try await scanned()
        defer { library.remove() }
        let expected = try Fixtures.expected()
        let result = await kanora(["stats", "--json"], database: library.database)
        let object = try #require(try result.json() as? [String: Any])
        #expect(object["tracks"] as? Int == expected.files.count)
        #expect(object["unreadableFiles"] as? Int == expected.errors.count)
        #expect(object["libraries"] as? Int == 1)
        let formats = try #require(object["formats"] as? [String: Int])
        #expect(formats.values.reduce(0, +) == expected.files.count)
        #expect(object["lastScan"] is String)
        let damaged = expected.files.values.filter { $0.damage != nil }.count
        #expect(damaged > 0)
        #expect(object["damagedTracks"] as? Int == damaged)
        let text = await kanora(["stats"], database: library.database)
        #expect(text.out.contains("Tracks:"))
        #expect(text.out.contains("Damaged tracks:   \(damaged)"))
    }

    @Test func damagedTracksAreListedAndShownWithTheirProblem() async throws {
        let library = try await scanned()
        defer { library.remove() }
        let expected = try Fixtures.expected()
        let list = await kanora(["list", "damaged:true", "--json"], database: library.database)
        let rows = try #require(try list.json() as? [[String: Any]])
        let names = Set(rows.compactMap { ($0["path"] as? String).map { URL(fileURLWithPath: $0).lastPathComponent } })
        #expect(names == Set(expected.files.filter { $0.value.damage != nil }.keys))
        let row = try #require(rows.first { ($0["path"] as? String)?.hasSuffix("/half-noxing.mp3") == true })
        let id = try #require(row["id"] as? Int)

        let shown = await kanora(["show", String(id)], database: library.database)
        #expect(shown.out.split(separator: "\n").contains { $0.hasPrefix("damaged:") && $0.hasSuffix(" last frame cut short") })
        let json = await kanora(["show", String(id), "--json"], database: library.database)
        #expect((try json.json() as? [String: Any])?["damaged"] as? String == "last frame cut short")
        let whole = await kanora(["list", "damaged:false", "--paths"], database: library.database)
        #expect(whole.out.split(separator: "\n").count == expected.files.count - names.count)
    }

    @Test func libraryRenameAndRemove() async throws {
        let library = try await scanned()
        defer { library.remove() }
        let rename = await kanora(["library", "rename", "music", "Fixtures"], database: library.database)
        #expect(rename.code == 0)
        let list = await kanora(["library", "list"], database: library.database)
        #expect(list.out.contains("Fixtures"))
        let unknown = await kanora(["library", "remove", "nope"], database: library.database)
        #expect(unknown.code == 1)
        #expect(unknown.err.contains("No library named \"nope\": known libraries: Fixtures."))
        let remove = await kanora(["library", "remove", "fixtures"], database: library.database)
        #expect(remove.code == 0)
        let stats = await kanora(["stats", "--json"], database: library.database)
        #expect((try stats.json() as? [String: Any])?["tracks"] as? Int == 0)
        #expect(FileManager.default.fileExists(atPath: library.music + "/tagged.flac"))
    }

    @Test func readCommandsNeedADatabaseAndDoNotCreateOne() async throws {
        let folder = try TemporaryDirectory("cli")
        defer { folder.remove() }
        let database = folder.path("none.sqlite")
        let result = await kanora(["list"], database: database)
        #expect(result.code == 1)
        #expect(result.err.contains("No Kanora database at"))
        #expect(!FileManager.default.fileExists(atPath: database))
    }

    @Test func notAKanoraDatabaseIsRefusedAndLeftUnchanged() async throws {
        let folder = try TemporaryDirectory("cli")
        defer { folder.remove() }
        let text = Data("shopping list\n".utf8)
        let path = try folder.write("notes.sqlite", text)
        try folder.write("music/x.txt", Data("x".utf8))
        let result = await kanora(["scan", folder.path("music")], database: path)
        #expect(result.code == 1)
        #expect(result.err.contains("is not a Kanora database"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == text)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted() == ["music", "notes.sqlite"])
    }

    @Test func databaseFromANewerKanoraIsRefused() async throws {
        let library = try await scanned()
        defer { library.remove() }
        let result0 = await kanora(["stats"], database: library.database)
        try #require(result0.code == 0)
        try setUserVersion(999, of: library.database)
        let before = try Data(contentsOf: URL(fileURLWithPath: library.database))
        let result = await kanora(["list"], database: library.database)
        #expect(result.code == 1)
        #expect(result.err.contains("newer version of Kanora"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: library.database)) == before)
    }
}
