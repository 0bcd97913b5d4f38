import Foundation
import LibraryCore
@testable import LibraryServer
import LibraryServices
import TestKit
import TestSupport
import Testing

/// Lists limited to one music folder (`musicFolderId`) over a server with two libraries,
/// each holding artists and albums of its own and one album artist in both.
@Suite("Music folder filter: each library's own artists, albums and songs")
struct MusicFolderFilterTests {
    @Test func listsOfOneMusicFolderHoldExactlyThatLibrarysItems() async throws {
        let folder = try TemporaryDirectory("music-folders")
        defer { folder.remove() }
        func write(_ path: String, _ title: String, artist: String, album: String) throws {
            _ = try folder.write(path, FakeTagReader.file(FakeTagReader.track(title, artist: artist, album: album, track: 1, genres: ["Rock"])))
        }
        try write("jazz/Miles/Kind of Blue/1.mp3", "So What", artist: "Miles Davis", album: "Kind of Blue")
        try write("jazz/Both/Live/1.mp3", "Live One", artist: "Both Sides", album: "Live")
        try write("rock/Queen/Jazz/1.mp3", "Mustapha", artist: "Queen", album: "Jazz")
        try write("rock/Both/Studio/1.mp3", "Studio One", artist: "Both Sides", album: "Studio")
        let services = try ServiceContainer.inMemory(reader: FakeTagReader())
        _ = try await services.scanner.run(folder.path("jazz"), name: "Jazz")
        _ = try await services.scanner.run(folder.path("rock"), name: "Rock")
        let harness = try ServerHarness(services: services)
        try await harness.test { client in
            let folders = try await client.json("getMusicFolders")["musicFolders"]?["musicFolder"] as? [[String: Any]]
            let ids = Dictionary(uniqueKeysWithValues: (folders ?? []).compactMap { f in (f["name"] as? String).map { ($0, f["id"] as? Int ?? 0) } })
            let jazz = try #require(ids["Jazz"]), rock = try #require(ids["Rock"])

            func artists(_ filter: String) async throws -> [String] {
                let groups = try await client.json("getArtists", ServerHarness.alice + filter)["artists"]?["index"] as? [[String: Any]]
                return (groups ?? []).flatMap { ($0["artist"] as? [[String: Any]] ?? []).map { "\($0["name"] ?? "")/\($0["albumCount"] ?? "")" } }
            }
            #expect(try await artists("") == ["Both Sides/2", "Miles Davis/1", "Queen/1"])
            #expect(try await artists("&musicFolderId=\(jazz)") == ["Both Sides/1", "Miles Davis/1"])
            #expect(try await artists("&musicFolderId=\(rock)") == ["Both Sides/1", "Queen/1"])

            func albums(_ type: String, _ filter: String) async throws -> [String] {
                let list = try await client.json("getAlbumList2", ServerHarness.alice + "&type=\(type)&size=10" + filter)
                return ((list["albumList2"]?["album"] as? [[String: Any]]) ?? []).compactMap { $0["name"] as? String }
            }
            for type in ["alphabeticalByName", "alphabeticalByArtist", "newest", "byGenre&genre=Rock"] {
                #expect(try await albums(type, "&musicFolderId=\(jazz)").sorted() == ["Kind of Blue", "Live"], "\(type)")
                #expect(try await albums(type, "&musicFolderId=\(rock)").sorted() == ["Jazz", "Studio"], "\(type)")
            }
            #expect(try await albums("random", "&musicFolderId=\(rock)").sorted() == ["Jazz", "Studio"])

            let search = try await client.json("search3", ServerHarness.alice + "&query=&musicFolderId=\(jazz)")["searchResult3"]
            #expect((search?["song"] as? [[String: Any]])?.compactMap { $0["title"] as? String }.sorted() == ["Live One", "So What"])
            #expect((search?["album"] as? [[String: Any]])?.compactMap { $0["name"] as? String }.sorted() == ["Kind of Blue", "Live"])
            #expect((search?["artist"] as? [[String: Any]])?.compactMap { $0["name"] as? String } == ["Both Sides", "Miles Davis"])
            let words = try await client.json("search3", ServerHarness.alice + "&query=one&musicFolderId=\(rock)")["searchResult3"]
            #expect((words?["song"] as? [[String: Any]])?.compactMap { $0["title"] as? String } == ["Studio One"])
        }
    }
}
