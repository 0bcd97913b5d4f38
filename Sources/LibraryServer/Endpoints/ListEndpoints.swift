import Foundation
import LibraryCore
import LibraryServices

/// Lists and search: getAlbumList(2), getRandomSongs, getSongsByGenre, getStarred(2),
/// search2 and search3. The un-numbered calls answer folder-style `child` objects, the
/// numbered ones (ID3) `album` and `artist` objects; songs are the same in both.
enum ListEndpoints: SubsonicEndpointGroup {
    static let endpoints: [SubsonicEndpoint] = [
        SubsonicEndpoint("getAlbumList") { request in
            var node = SubsonicNode("albumList")
            node.appendList("album", try await albumList(request), as: BrowseNodes.AlbumChild.self)
            return .payload(node)
        },
        SubsonicEndpoint("getAlbumList2") { request in
            var node = SubsonicNode("albumList2")
            node.appendList("album", try await albumList(request), as: BrowseNodes.Album.self)
            return .payload(node)
        },
        SubsonicEndpoint("getRandomSongs") { request in
            let parameters = request.parameters
            let songs = try await request.services.browse.randomSongs(RandomSongsRequest(
                size: try parameters.int("size", default: 10, in: 0...BrowseLimits.listSize), genre: parameters.string("genre"),
                fromYear: try parameters.int("fromYear"), toYear: try parameters.int("toYear"), libraryID: try parameters.libraryID()
            ), userID: request.user.id)
            return .payload(songList("randomSongs", songs))
        },
        SubsonicEndpoint("getSongsByGenre") { request in
            let parameters = request.parameters
            let songs = try await request.services.browse.songs(
                genre: try parameters.required("genre"),
                page: Page(size: try parameters.int("count", default: 10, in: 0...BrowseLimits.listSize),
                           offset: try parameters.int("offset", default: 0, in: 0...Int(Int32.max))),
                libraryID: try parameters.libraryID(), userID: request.user.id)
            return .payload(songList("songsByGenre", songs))
        },
        SubsonicEndpoint("getStarred") { request in
            let starred = try await request.services.browse.starred(libraryID: try request.parameters.libraryID(), userID: request.user.id)
            return .payload(results("starred", starred, id3: false))
        },
        SubsonicEndpoint("getStarred2") { request in
            let starred = try await request.services.browse.starred(libraryID: try request.parameters.libraryID(), userID: request.user.id)
            return .payload(results("starred2", starred, id3: true))
        },
        SubsonicEndpoint("search2") { request in
            .payload(results("searchResult2", try await search(request), id3: false))
        },
        SubsonicEndpoint("search3") { request in
            .payload(results("searchResult3", try await search(request), id3: true))
        },
    ]

    /// The album list the request asks for (`type`, `size`, `offset`, and the type's own
    /// parameters).
    private static func albumList(_ request: SubsonicRequest) async throws -> [BrowseAlbum] {
        let parameters = request.parameters
        let page = Page(
            size: try parameters.int("size", default: 10, in: 0...BrowseLimits.listSize),
            offset: try parameters.int("offset", default: 0, in: 0...Int(Int32.max)))
        return try await request.services.browse.albumList(
            try listType(parameters), page: page, libraryID: try parameters.libraryID(), userID: request.user.id)
    }

    /// `type` (with `fromYear`/`toYear` or `genre` where it needs them).
    static func listType(_ parameters: SubsonicParameters) throws(SubsonicError) -> AlbumListType {
        let type = try parameters.required("type")
        switch type {
        case "random": return .random
        case "newest": return .newest
        case "recent": return .recent
        case "frequent": return .frequent
        case "highest": return .highest
        case "alphabeticalByName": return .alphabeticalByName
        case "alphabeticalByArtist": return .alphabeticalByArtist
        case "starred": return .starred
        case "byYear": return .byYear(from: try parameters.requiredInt("fromYear"), to: try parameters.requiredInt("toYear"))
        case "byGenre": return .byGenre(try parameters.required("genre"))
        default:
            throw .invalidParameter("type", "must be random, newest, recent, frequent, highest, alphabeticalByName, "
                + "alphabeticalByArtist, starred, byYear or byGenre, not '\(type.prefix(32))'")
        }
    }

    /// A search with one page per kind; an absent or empty `query` lists everything.
    private static func search(_ request: SubsonicRequest) async throws -> BrowseSearchResult {
        let parameters = request.parameters
        func page(_ kind: String) throws(SubsonicError) -> Page {
            Page(size: try parameters.int("\(kind)Count", default: 20, in: 0...BrowseLimits.searchSize),
                 offset: try parameters.int("\(kind)Offset", default: 0, in: 0...Int(Int32.max)))
        }
        return try await request.services.browse.search(BrowseSearchRequest(
            text: parameters.string("query") ?? "", artists: try page("artist"), albums: try page("album"),
            songs: try page("song"), libraryID: try parameters.libraryID()), userID: request.user.id)
    }

    private static func songList(_ name: String, _ songs: [BrowseSong]) -> SubsonicNode {
        var node = SubsonicNode(name)
        node.appendList("song", songs, as: BrowseNodes.Song.self)
        return node
    }

    /// Artists, albums and songs in the folder style (`id3: false`) or the ID3 style.
    private static func results(_ name: String, _ result: BrowseSearchResult, id3: Bool) -> SubsonicNode {
        var node = SubsonicNode(name)
        if id3 {
            node.appendList("artist", result.artists, as: BrowseNodes.Artist.self)
        } else {
            node.appendList("artist", result.artists, as: BrowseNodes.ArtistEntry.self)
        }
        if id3 {
            node.appendList("album", result.albums, as: BrowseNodes.Album.self)
        } else {
            node.appendList("album", result.albums, as: BrowseNodes.AlbumChild.self)
        }
        node.appendList("song", result.songs, as: BrowseNodes.Song.self)
        return node
    }
}
