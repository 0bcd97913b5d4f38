import Foundation
import Hummingbird
import HummingbirdTesting
import LibraryCore
@testable import LibraryServer
import LibraryServices
import TestKit
import TestSupport
import Testing

/// A server over a scanned fake-tagged collection.
struct BrowseServer {
    let harness: ServerHarness
    let folder: TemporaryDirectory

    init() async throws {
        let folder = try TemporaryDirectory("browse-server")
        self.folder = folder
        func write(_ path: String, _ metadata: TrackMetadata) throws { _ = try folder.write(path, FakeTagReader.file(metadata)) }
        try write("Björk/Homogenic/1.mp3", FakeTagReader.track(
            "Hunter", artist: "Björk", album: "Homogenic", track: 1, disc: 1, year: 1997, genres: ["Electronic", "Art Pop"]))
        try write("Björk/Homogenic/2.flac", FakeTagReader.track(
            "Jóga", artist: "Björk", album: "Homogenic", track: 2, disc: 1, year: 1997, genres: ["Electronic"], format: "FLAC"))
        try write("The Beatles/Abbey Road/1.ogg", FakeTagReader.track(
            "Come Together", artist: "The Beatles", album: "Abbey Road", track: 1, year: 1969, genres: ["Rock"], format: "Vorbis"))
        try write("loose.mp3", FakeTagReader.track("Loose", artist: "Nobody", album: nil))
        // Homogenic has a cover image; Abbey Road and the loose song have no cover at all.
        try folder.copy(Fixtures.url("covers/cover.jpg"), to: "Björk/Homogenic/cover.jpg")
        let services = try ServiceContainer.inMemory(reader: FakeTagReader())
        _ = try await services.scanner.run(folder.url.path)
        harness = try ServerHarness(services: services)
    }

    /// The first item of a JSON list member.
    static func first(_ object: [String: Any]?, _ key: String) -> [String: Any]? {
        (object?[key] as? [[String: Any]])?.first
    }
}

@Suite("Browse endpoints: folders, artists, albums, songs, genres")
struct BrowseEndpointsTests {
    @Test func indexesAndDirectoriesWalkTheRealFolders() async throws {
        let server = try await BrowseServer()
        defer { server.folder.remove() }
        try await server.harness.test { client in
            let indexes = try await client.json("getIndexes")["indexes"]
            #expect(indexes?["ignoredArticles"] as? String == ArtistIndex.ignoredArticles.joined(separator: " "))
            #expect((indexes?["lastModified"] as? Int ?? 0) > 0)
            let groups = try #require(indexes?["index"] as? [[String: Any]])
            #expect(groups.compactMap { $0["name"] as? String } == ["B"])
            let entries = try #require(groups.first?["artist"] as? [[String: Any]])
            #expect(entries.compactMap { $0["name"] as? String } == ["The Beatles", "Björk"])
            #expect((indexes?["child"] as? [[String: Any]])?.compactMap { $0["title"] as? String } == ["Loose"])
            #expect(indexes?["shortcut"] as? [Any] != nil)

            let lastModified = try #require(indexes?["lastModified"] as? Int)
            let unchanged = try await client.json("getIndexes", ServerHarness.alice + "&ifModifiedSince=\(lastModified)")["indexes"]
            #expect((unchanged?["index"] as? [Any])?.isEmpty == true)

            let bjork = try #require(entries.last?["id"] as? String)
            #expect(bjork.hasPrefix("fo-"))
            let artistDirectory = try await client.json("getMusicDirectory", ServerHarness.alice + "&id=\(bjork)")["directory"]
            #expect(artistDirectory?["name"] as? String == "Björk")
            let albumFolder = try #require(BrowseServer.first(artistDirectory, "child"))
            #expect(albumFolder["isDir"] as? Bool == true)
            #expect(albumFolder["title"] as? String == "Homogenic")
            let albumDirectory = try await client.json("getMusicDirectory", ServerHarness.alice + "&id=\(albumFolder["id"] as? String ?? "")")
            let songs = try #require(albumDirectory["directory"]?["child"] as? [[String: Any]])
            #expect(songs.compactMap { $0["title"] as? String } == ["Hunter", "Jóga"])
            #expect(songs.first?["parent"] as? String == albumFolder["id"] as? String)
            #expect(albumDirectory["directory"]?["parent"] as? String == bjork)

            let xml = try await client.xml("getMusicDirectory", ServerHarness.alice + "&id=\(bjork)")
            #expect(xml.contains(#"<directory id="\#(bjork)""#))
            #expect(xml.contains(#"isDir="true" title="Homogenic""#))
            #expect(try await client.json("getMusicDirectory", ServerHarness.alice + "&id=fo-9999").errorCode == 70)
            #expect(try await client.json("getMusicDirectory").errorCode == 10)
            #expect(try await client.json("getMusicDirectory", ServerHarness.alice + "&id=../../etc").errorCode == 10)
        }
    }

    @Test func musicDirectoryTakesArtistAndAlbumIDs() async throws {
        let server = try await BrowseServer()
        defer { server.folder.remove() }
        try await server.harness.test { client in
            let artists = try await client.json("getArtists")["artists"]
            let index = try #require(artists?["index"] as? [[String: Any]])
            let artist = try #require((index.first?["artist"] as? [[String: Any]])?.last)
            #expect(artist["name"] as? String == "Björk")
            let artistID = try #require(artist["id"] as? String)
            let byArtist = try await client.json("getMusicDirectory", ServerHarness.alice + "&id=\(artistID)")["directory"]
            let album = try #require(BrowseServer.first(byArtist, "child"))
            #expect(album["title"] as? String == "Homogenic")
            #expect(album["isDir"] as? Bool == true)
            let byAlbum = try await client.json("getMusicDirectory", ServerHarness.alice + "&id=\(album["id"] as? String ?? "")")["directory"]
            #expect((byAlbum?["child"] as? [[String: Any]])?.count == 2)
        }
    }

    @Test func artistsArtistAlbumAndSongInJSONAndXML() async throws {
        let server = try await BrowseServer()
        defer { server.folder.remove() }
        try await server.harness.test { client in
            let artists = try await client.json("getArtists")["artists"]
            let index = try #require(artists?["index"] as? [[String: Any]])
            #expect(index.compactMap { $0["name"] as? String } == ["B"])  // Nobody has no album: not an album artist
            let bjork = try #require((index.first?["artist"] as? [[String: Any]])?.last)
            #expect(bjork["albumCount"] as? Int == 1)
            #expect(bjork["coverArt"] as? String == bjork["id"] as? String)

            let artist = try await client.json("getArtist", ServerHarness.alice + "&id=\(bjork["id"] as? String ?? "")")["artist"]
            #expect(artist?["name"] as? String == "Björk")
            let albumSummary = try #require(BrowseServer.first(artist, "album"))
            #expect(albumSummary["name"] as? String == "Homogenic")
            let albumID = try #require(albumSummary["id"] as? String)
            #expect(albumID.hasPrefix("al-"))

            let album = try #require(try await client.json("getAlbum", ServerHarness.alice + "&id=\(albumID)")["album"])
            #expect(album["songCount"] as? Int == 2)
            #expect(album["duration"] as? Int == 360)
            #expect(album["year"] as? Int == 1997)
            #expect(album["coverArt"] as? String == albumID)
            #expect(album["isCompilation"] as? Bool == false)
            #expect((album["genres"] as? [[String: Any]])?.compactMap { $0["name"] as? String } == ["Electronic", "Art Pop"])
            #expect((album["artists"] as? [[String: Any]])?.first?["name"] as? String == "Björk")
            #expect(album["discTitles"] as? [Any] != nil)
            let songs = try #require(album["song"] as? [[String: Any]])
            #expect(songs.compactMap { $0["title"] as? String } == ["Hunter", "Jóga"])

            let hunter = songs[0]
            #expect(hunter["isDir"] as? Bool == false)
            #expect(hunter["contentType"] as? String == "audio/mpeg")
            #expect(hunter["suffix"] as? String == "mp3")
            #expect(hunter["duration"] as? Int == 180)
            #expect(hunter["path"] as? String == "Björk/Homogenic/01 Hunter.mp3")
            #expect(hunter["albumId"] as? String == albumID)
            #expect(hunter["coverArt"] as? String == albumID)
            #expect(hunter["type"] as? String == "music")
            #expect(hunter["mediaType"] as? String == "song")
            #expect((hunter["parent"] as? String)?.hasPrefix("fo-") == true)
            #expect((hunter["artists"] as? [[String: Any]])?.first?["id"] as? String == bjork["id"] as? String)
            #expect(hunter["albumArtists"] as? [Any] != nil)
            #expect(hunter["replayGain"] as? [String: Any] != nil)
            #expect(songs[1]["contentType"] as? String == "audio/flac")

            let songID = try #require(hunter["id"] as? String)
            let song = try await client.json("getSong", ServerHarness.alice + "&id=\(songID)")["song"]
            #expect(song?["title"] as? String == "Hunter")
            let xml = try await client.xml("getSong", ServerHarness.alice + "&id=\(songID)")
            #expect(xml.contains(#"<song id="\#(songID)""#))
            #expect(xml.contains(#"path="Björk/Homogenic/01 Hunter.mp3""#))
            #expect(xml.contains(#"<genres name="Electronic"/>"#))
            #expect(!xml.contains(server.folder.url.path))
            let albumXML = try await client.xml("getAlbum", ServerHarness.alice + "&id=\(albumID)")
            #expect(albumXML.contains(#"<album id="\#(albumID)" name="Homogenic""#))

            for (call, id) in [("getSong", "tr-9999"), ("getAlbum", "al-9999"), ("getArtist", "ar-9999"), ("getSong", albumID)] {
                #expect(try await client.json(call, ServerHarness.alice + "&id=\(id)").errorCode == 70, "\(call) \(id)")
            }
            for call in ["getSong", "getAlbum", "getArtist"] {
                #expect(try await client.json(call).errorCode == 10, "\(call)")
            }
        }
    }

    @Test func genresCarryCountsAndTheNameAsValue() async throws {
        let server = try await BrowseServer()
        defer { server.folder.remove() }
        try await server.harness.test { client in
            let genres = try #require(try await client.json("getGenres")["genres"]?["genre"] as? [[String: Any]])
            #expect(genres.compactMap { $0["value"] as? String } == ["Art Pop", "Electronic", "Rock"])
            #expect(genres.compactMap { $0["songCount"] as? Int } == [1, 2, 1])
            #expect(genres.compactMap { $0["albumCount"] as? Int } == [1, 1, 1])
            #expect(try await client.xml("getGenres").contains(#"<genre songCount="2" albumCount="1">Electronic</genre>"#))
        }
    }
}
