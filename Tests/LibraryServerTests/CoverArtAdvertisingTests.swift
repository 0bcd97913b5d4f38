import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import LibraryCore
import LibraryServer
import LibraryServices
import Testing
import TestSupport

/// Albums and songs carry `coverArt` only when there is a cover to serve: clients show a
/// broken image for a `coverArt` that getCoverArt then answers with error 70.
@Suite("coverArt is advertised only for albums and songs with a cover", .serialized)
struct CoverArtAdvertisingTests {
    /// Post (an embedded picture), Orchard (a cover.jpg beside it), Old Album (nothing), a
    /// song without album and cover (layer2.mp2) and one without album beside a folder.png.
    static func library() async throws -> ScannedLibrary {
        try await ScannedLibrary("cover-advertising", layout: [
            "Embedded/tagged.flac": "tagged.flac", "Folder/alac.m4a": "alac.m4a", "Folder/cover.jpg": "covers/cover.jpg",
            "None/id3v1.mp3": "id3v1.mp3", "Loose/layer2.mp2": "layer2.mp2", "LooseCover/speex.spx": "speex.spx",
            "LooseCover/folder.png": "covers/alpha.png",
        ])
    }

    /// `coverArt` by name (album name or song title) in a list of JSON objects.
    static func covers(_ list: Any?, name: String) -> [String: String?] {
        let items = list as? [[String: Any]] ?? []
        return Dictionary(uniqueKeysWithValues: items.map { ($0[name] as? String ?? "?", $0["coverArt"] as? String) })
    }

    /// Every advertised cover is served; asking for an item without one is error 70.
    static func expectServed(_ client: any TestClientProtocol, _ covers: [String: String?]) async throws {
        for (name, coverArt) in covers {
            guard let coverArt else { continue }
            let response = try await client.execute(uri: "/rest/getCoverArt?\(ServerHarness.alice)&id=\(coverArt)", method: .get)
            #expect(response.headers[.contentType]?.hasPrefix("image/") == true, "\(name): \(coverArt) is advertised but not served")
        }
    }

    @Test("album lists, getAlbum and search: coverArt exactly where getCoverArt has an image")
    func advertisedWhereThereIsACover() async throws {
        let library = try await Self.library()
        defer { library.remove() }
        try await library.harness.live { client in
            let list = try await client.json("getAlbumList2", ServerHarness.alice + "&type=alphabeticalByName")["albumList2"]
            let albums = Self.covers(list?["album"], name: "name")
            #expect(albums.keys.sorted() == ["Old Album", "Orchard", "Post"])
            #expect(albums["Post"]??.hasPrefix("al-") == true)
            #expect(albums["Orchard"]??.hasPrefix("al-") == true)
            #expect(albums["Old Album"] == .some(nil))
            try await Self.expectServed(client, albums)
            let folderStyle = try await client.json("getAlbumList", ServerHarness.alice + "&type=alphabeticalByName")["albumList"]
            #expect(Self.covers(folderStyle?["album"], name: "title") == albums)

            let search = try await client.json("search3", ServerHarness.alice + "&query=&songCount=50")["searchResult3"]
            #expect(Self.covers(search?["album"], name: "name") == albums)
            let songs = Self.covers(search?["song"], name: "title")
            #expect(songs["Hyperballad"] == albums["Post"])  // a song is shown with its album's cover
            #expect(songs["Lossless"] == albums["Orchard"])
            #expect(songs["Old Song"] == .some(nil))
            #expect(songs["Layer Two"] == .some(nil))
            #expect(songs["Speech"]??.hasPrefix("tr-") == true)  // no album: its own (folder) cover
            try await Self.expectServed(client, songs)

            let oldAlbum = try #require(list?["album"] as? [[String: Any]]).first { $0["name"] as? String == "Old Album" }
            let detail = try await client.json("getAlbum", ServerHarness.alice + "&id=\(oldAlbum?["id"] as? String ?? "")")["album"]
            #expect(detail?["coverArt"] == nil)
            #expect(Self.covers(detail?["song"], name: "title") == ["Old Song": nil])
        }
    }

    @Test("a cover image added to a folder or removed from it is seen by the next scan")
    func coverImagesFollowTheFolder() async throws {
        let library = try await Self.library()
        defer { library.remove() }
        try library.folder.copy(Fixtures.url("covers/cover.jpg"), to: "music/None/Front.JPG")
        try FileManager.default.removeItem(atPath: library.folder.path("music/Folder/cover.jpg"))
        try await library.rescan()
        try await library.harness.live { client in
            let list = try await client.json("getAlbumList2", ServerHarness.alice + "&type=alphabeticalByName")["albumList2"]
            let albums = Self.covers(list?["album"], name: "name")
            #expect(albums["Old Album"]??.hasPrefix("al-") == true)
            #expect(albums["Orchard"] == .some(nil))
            #expect(albums["Post"]??.hasPrefix("al-") == true)
            try await Self.expectServed(client, albums)
        }
    }
}
