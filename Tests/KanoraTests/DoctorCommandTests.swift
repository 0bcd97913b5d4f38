import Foundation
import Testing
import TestSupport

@Suite("kanora doctor")
struct DoctorCommandTests {
    /// The sample library with one of each problem planted: a copied album, a deleted file
    /// (missing, and a gap in its album), a damaged track, an unreadable and an untagged file.
    struct PlantedLibrary {
        let folder: TemporaryDirectory
        let database: String

        init() async throws {
            folder = try TemporaryDirectory("cli-doctor")
            database = folder.path("db/library.sqlite")
            try FileManager.default.copyItem(at: Fixtures.sampleLibrary, to: folder.url.appendingPathComponent("music"))
            try FileManager.default.copyItem(atPath: folder.path("music/Tokyo Jihen/Kyoiku (2004)"), toPath: folder.path("music/Copies/Kyoiku"))
            try folder.copy(Fixtures.url("no-title.mp3"), to: "music/Loose/no-title.mp3")
            try folder.copy(Fixtures.url("empty.mp3"), to: "music/Loose/empty.mp3")
            _ = await kanora(["scan", folder.path("music")], database: database)
            try FileManager.default.removeItem(atPath: folder.path("music/Björk/Homogenic (1997)/02 Jóga.flac"))
            _ = await kanora(["scan", folder.path("music")], database: database)
            try recordDamage("last frame cut short", onTrackAt: folder.path("music/Björk/Homogenic (1997)/01 Hunter.flac"), inDatabase: database)
        }
    }

    @Test func theTableHasASectionPerKindOfProblem() async throws {
        let library = try await PlantedLibrary()
        defer { library.folder.remove() }
        let result = await kanora(["doctor"], database: library.database)
        #expect(result.code == 0)
        #expect(result.err.isEmpty)
        let out = result.out
        for heading in ["Damaged tracks (1)", "Unreadable files (1)", "Missing tracks (1)", "Duplicates (",
                        "Untagged tracks (1)", "Incomplete albums (1)"] {
            #expect(out.contains(heading), "no \(heading) in \(out)")
        }
        #expect(out.contains("01 Hunter.flac  last frame cut short"))
        #expect(out.contains("Loose/empty.mp3  empty file (0 bytes)"))
        #expect(out.contains("02 Jóga.flac"))
        #expect(out.contains("Copies/Kyoiku/01 Ringo no Uta.m4a"))
        #expect(out.contains("Loose/no-title.mp3"))
        #expect(out.range(of: #"Björk +Homogenic +2\n"#, options: .regularExpression) != nil)
        #expect(out.hasSuffix("problems found.\n"))
    }

    @Test func jsonHasEveryKindAsAnArray() async throws {
        let library = try await PlantedLibrary()
        defer { library.folder.remove() }
        let result = await kanora(["doctor", "--json"], database: library.database)
        #expect(result.code == 0)
        let object = try #require(try result.json() as? [String: Any])
        let damaged = try #require(object["damaged"] as? [[String: Any]])
        #expect(damaged.count == 1)
        #expect(damaged.first?["problem"] as? String == "last frame cut short")
        #expect(damaged.first?["id"] is Int)
        let unreadable = try #require(object["unreadable"] as? [[String: Any]])
        #expect(unreadable.map { $0["path"] as? String } == [library.folder.path("music/Loose/empty.mp3")])
        #expect(unreadable.first?["reason"] as? String == "empty file (0 bytes)")
        let missing = try #require(object["missing"] as? [[String: Any]])
        #expect(missing.map { $0["path"] as? String } == [library.folder.path("music/Björk/Homogenic (1997)/02 Jóga.flac")])
        let groups = try #require(object["duplicates"] as? [[[String: Any]]])
        let original = library.folder.path("music/Tokyo Jihen/Kyoiku (2004)/01 Ringo no Uta.m4a")
        let copy = library.folder.path("music/Copies/Kyoiku/01 Ringo no Uta.m4a")
        #expect(groups.contains { group in
            let paths = group.compactMap { $0["path"] as? String }
            return paths.contains(original) && paths.contains(copy)
        })
        // Every sample track is its own tone: the copied album's two tracks are the only
        // duplicates, each with its copy.
        #expect(groups.map(\.count) == [2, 2])
        let untagged = try #require(object["untagged"] as? [[String: Any]])
        #expect(untagged.map { $0["path"] as? String } == [library.folder.path("music/Loose/no-title.mp3")])
        let albums = try #require(object["incompleteAlbums"] as? [[String: Any]])
        #expect(albums.count == 1)
        #expect(albums.first?["album"] as? String == "Homogenic")
        #expect(albums.first?["albumArtist"] as? String == "Björk")
        #expect(albums.first?["missingTrackNumbers"] as? [Int] == [2])
        #expect(albums.first?["disc"] is NSNull)
        #expect(albums.first?["id"] is Int)
    }

    @Test func anEmptyLibrarySaysAllIsWell() async throws {
        let folder = try TemporaryDirectory("cli-doctor-empty")
        defer { folder.remove() }
        try FileManager.default.createDirectory(atPath: folder.path("music"), withIntermediateDirectories: true)
        let database = folder.path("library.sqlite")
        #expect(await kanora(["scan", folder.path("music")], database: database).code == 0)

        let table = await kanora(["doctor"], database: database)
        #expect(table.code == 0)
        #expect(table.out == "No problems found.\n")
        let json = await kanora(["doctor", "--json"], database: database)
        let object = try #require(try json.json() as? [String: [Any]])
        #expect(object.keys.sorted() == ["damaged", "duplicates", "incompleteAlbums", "missing", "possibleUpgrades", "unreadable", "untagged"])
        #expect(object.values.allSatisfy { $0.isEmpty })
    }
}
