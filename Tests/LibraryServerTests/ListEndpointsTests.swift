import Foundation
import Hummingbird
import HummingbirdTesting
import LibraryCore
@testable import LibraryServer
import LibraryServices
import TestKit
import TestSupport
import Testing

@Suite("List and search endpoints")
struct ListEndpointsTests {
    private static func names(_ list: [String: Any]?, _ key: String, field: String) -> [String]? {
        (list?[key] as? [[String: Any]])?.compactMap { $0[field] as? String }
    }

    @Test func albumListsOfEveryTypeInBothStyles() async throws {
        let server = try await BrowseServer()
        defer { server.folder.remove() }
        try await server.harness.test { client in
            let byName = try await client.json("getAlbumList2", ServerHarness.alice + "&type=alphabeticalByName")["albumList2"]
            #expect(Self.names(byName, "album", field: "name") == ["Abbey Road", "Homogenic"])
            let folderStyle = try await client.json("getAlbumList", ServerHarness.alice + "&type=alphabeticalByName&size=1&offset=1")["albumList"]
            #expect(Self.names(folderStyle, "album", field: "title") == ["Homogenic"])
            #expect((folderStyle?["album"] as? [[String: Any]])?.first?["isDir"] as? Bool == true)

            for type in ["random", "newest", "recent", "frequent", "highest", "alphabeticalByArtist", "starred",
                         "byYear&fromYear=2000&toYear=1960", "byGenre&genre=Rock"] {
                let answer = try await client.json("getAlbumList2", ServerHarness.alice + "&type=\(type)")
                #expect(answer.status == "ok", "\(type)")
                #expect(answer["albumList2"]?["album"] as? [Any] != nil, "\(type) lists an array")
            }
            let years = try await client.json("getAlbumList2", ServerHarness.alice + "&type=byYear&fromYear=2000&toYear=1960")["albumList2"]
            #expect(Self.names(years, "album", field: "name") == ["Homogenic", "Abbey Road"])
            let rock = try await client.json("getAlbumList2", ServerHarness.alice + "&type=byGenre&genre=rock")["albumList2"]
            #expect(Self.names(rock, "album", field: "name") == ["Abbey Road"])
            let starred = try await client.json("getAlbumList2", ServerHarness.alice + "&type=starred")["albumList2"]
            #expect((starred?["album"] as? [Any])?.isEmpty == true)
            let emptyXML = try await client.xml("getAlbumList2", ServerHarness.alice + "&type=starred")
            #expect(emptyXML.contains("<albumList2/>") || emptyXML.contains("<albumList2></albumList2>"))

            let unknown = try await client.json("getAlbumList2", ServerHarness.alice + "&type=best")
            #expect(unknown.errorCode == 10)
            #expect(unknown.errorMessage?.contains("type") == true)
            #expect(try await client.json("getAlbumList2").errorCode == 10)
            #expect(try await client.json("getAlbumList2", ServerHarness.alice + "&type=byYear&fromYear=1990").errorCode == 10)
            #expect(try await client.json("getAlbumList2", ServerHarness.alice + "&type=byGenre").errorCode == 10)
            #expect(try await client.json("getAlbumList2", ServerHarness.alice + "&type=newest&size=ten").errorCode == 10)
            let huge = try await client.json("getAlbumList2", ServerHarness.alice + "&type=newest&size=99999999999&offset=99999999999")
            #expect(huge.status == "ok")
        }
    }

    @Test func randomSongsAndSongsByGenre() async throws {
        let server = try await BrowseServer()
        defer { server.folder.remove() }
        try await server.harness.test { client in
            let random = try await client.json("getRandomSongs", ServerHarness.alice + "&size=2")["randomSongs"]
            #expect((random?["song"] as? [Any])?.count == 2)
            let old = try await client.json("getRandomSongs", ServerHarness.alice + "&fromYear=1960&toYear=1970")["randomSongs"]
            #expect(Self.names(old, "song", field: "title") == ["Come Together"])
            let electronic = try await client.json("getSongsByGenre", ServerHarness.alice + "&genre=Electronic&count=1&offset=1")["songsByGenre"]
            #expect((electronic?["song"] as? [Any])?.count == 1)
            #expect(try await client.json("getSongsByGenre").errorCode == 10)
            let none = try await client.json("getSongsByGenre", ServerHarness.alice + "&genre=Polka")["songsByGenre"]
            #expect((none?["song"] as? [Any])?.isEmpty == true)
            #expect(try await client.xml("getRandomSongs", ServerHarness.alice + "&size=1").contains("<randomSongs><song id=\"tr-"))
        }
    }

    @Test func searchPagesEachKindAndAnEmptyQueryListsEverything() async throws {
        let server = try await BrowseServer()
        defer { server.folder.remove() }
        try await server.harness.test { client in
            let found = try await client.json("search3", ServerHarness.alice + "&query=bjork")["searchResult3"]
            #expect(Self.names(found, "artist", field: "name") == ["Björk"])
            #expect(Self.names(found, "album", field: "name") == ["Homogenic"])
            #expect(Set(Self.names(found, "song", field: "title") ?? []) == ["Hunter", "Jóga"])
            let paged = try await client.json("search3", ServerHarness.alice + "&query=bjork&songCount=1&songOffset=1&albumCount=0")["searchResult3"]
            #expect((paged?["song"] as? [Any])?.count == 1)
            #expect((paged?["album"] as? [Any])?.isEmpty == true)

            for query in ["&query=", "&query=%22%22", ""] {
                let all = try await client.json("search3", ServerHarness.alice + query + "&songCount=100")["searchResult3"]
                #expect((all?["song"] as? [Any])?.count == 4, "query \(query)")
                #expect((all?["album"] as? [Any])?.count == 2)
                #expect((all?["artist"] as? [Any])?.count == 2)
            }
            let old = try await client.json("search2", ServerHarness.alice + "&query=beatles")["searchResult2"]
            #expect(Self.names(old, "album", field: "title") == ["Abbey Road"])
            #expect(Self.names(old, "artist", field: "name") == ["The Beatles"])
            let nothing = try await client.json("search3", ServerHarness.alice + "&query=zzzz")["searchResult3"]
            #expect((nothing?["artist"] as? [Any])?.isEmpty == true)
            #expect((nothing?["song"] as? [Any])?.isEmpty == true)
            #expect(try await client.json("search3", ServerHarness.alice + "&query=a&songCount=x").errorCode == 10)
            #expect(try await client.xml("search3", ServerHarness.alice + "&query=beatles").contains(#"<artist id="ar-"#))
        }
    }

    @Test("a negative size, count or offset is error 10 naming the parameter, on every list endpoint", arguments: [
        ("getAlbumList2", "type=newest&size=-5", "size"), ("getAlbumList2", "type=newest&offset=-1", "offset"),
        ("getAlbumList", "type=newest&size=-1", "size"), ("getAlbumList", "type=random&offset=-20", "offset"),
        ("getRandomSongs", "size=-3", "size"), ("getSongsByGenre", "genre=Rock&count=-1", "count"),
        ("getSongsByGenre", "genre=Rock&offset=-1", "offset"), ("search3", "query=a&songCount=-1", "songCount"),
        ("search3", "query=a&albumOffset=-2", "albumOffset"), ("search2", "query=a&artistCount=-9", "artistCount"),
        ("search2", "query=a&songOffset=-1", "songOffset"),
    ])
    func negativeSizesAreRefused(_ call: String, _ query: String, _ parameter: String) async throws {
        let server = try await BrowseServer()
        defer { server.folder.remove() }
        try await server.harness.test { client in
            let answer = try await client.json(call, ServerHarness.alice + "&" + query)
            #expect(answer.status == "failed")
            #expect(answer.errorCode == 10)
            #expect(answer.errorMessage?.hasPrefix("Parameter '\(parameter)' must be at least 0, not -") == true, "\(answer.errorMessage ?? "")")
        }
    }

    @Test func starredListsAreEmptyArraysWhenNothingIsStarred() async throws {
        let server = try await BrowseServer()
        defer { server.folder.remove() }
        try await server.harness.test { client in
            for (call, key) in [("getStarred", "starred"), ("getStarred2", "starred2")] {
                let answer = try await client.json(call)[key]
                #expect(answer?["artist"] as? [Any] != nil && answer?["album"] as? [Any] != nil && answer?["song"] as? [Any] != nil, "\(call)")
            }
        }
    }
}
