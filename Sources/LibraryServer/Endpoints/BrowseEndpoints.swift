import Foundation
import LibraryCore
import LibraryServices

/// Browsing by folders and by tags: getIndexes, getMusicDirectory, getArtists, getArtist,
/// getAlbum, getSong, getGenres.
enum BrowseEndpoints: SubsonicEndpointGroup {
    static let endpoints: [SubsonicEndpoint] = [
        SubsonicEndpoint("getIndexes", handler: indexes),
        SubsonicEndpoint("getMusicDirectory", handler: directory),
        SubsonicEndpoint("getArtists") { request in
            let listing = try await request.services.browse.artistIndexListing(
                libraryID: try request.parameters.libraryID(), userID: request.user.id)
            var node = SubsonicNode("artists", ["ignoredArticles": ignoredArticles])
            node.appendList("index", BrowseNodes.artistIndex(listing))
            return .payload(node)
        },
        SubsonicEndpoint("getArtist") { request in
            let id = try request.parameters.id("id", as: .artist)
            let detail = try await request.services.browse.artist(id: id.value, userID: request.user.id)
            var node = BrowseNodes.artist(detail.artist)
            node.appendList("album", detail.albums, as: BrowseNodes.Album.self)
            return .payload(node)
        },
        SubsonicEndpoint("getAlbum") { request in
            let id = try request.parameters.id("id", as: .album)
            let detail = try await request.services.browse.album(id: id.value, userID: request.user.id)
            var node = BrowseNodes.album(detail.album)
            node.appendList("song", detail.songs, as: BrowseNodes.Song.self)
            return .payload(node)
        },
        SubsonicEndpoint("getSong") { request in
            let id = try request.parameters.id("id", as: .track)
            return .payload(BrowseNodes.song(try await request.services.browse.song(id: id.value, userID: request.user.id)))
        },
        SubsonicEndpoint("getGenres") { request in
            var node = SubsonicNode("genres")
            node.appendList("genre", try await request.services.browse.genres().map { genre in
                var item = SubsonicNode("genre", ["songCount": genre.songCount, "albumCount": genre.albumCount])
                item.text = genre.name
                return item
            })
            return .payload(node)
        },
    ]

    /// Subsonic's `ignoredArticles`: the articles indexes skip, space-separated.
    static let ignoredArticles = ArtistIndex.ignoredArticles.joined(separator: " ")

    /// The top of the folder tree; only `lastModified` when nothing changed since the
    /// client's `ifModifiedSince` (milliseconds).
    private static func indexes(_ request: SubsonicRequest) async throws -> SubsonicReply {
        let since = try request.parameters.int("ifModifiedSince")
        let top = try await request.services.browse.topFolders(libraryID: try request.parameters.libraryID(), userID: request.user.id)
        let lastModified = Int64(((top.lastModified ?? .distantPast).timeIntervalSince1970 * 1000).rounded())
        var node = SubsonicNode("indexes", ["ignoredArticles": ignoredArticles, "lastModified": max(0, lastModified)])
        let unchanged = since.map { Int64($0) >= lastModified } ?? false
        node.appendList("shortcut", [])
        let listing = top.listing
        node.appendList("index", unchanged ? [] : BrowseNodes.index(listing.headings) { position in
            let folder = listing.folder(at: position)
            return SubsonicNode("artist", ["id": SubsonicID.folder(folder.id), "name": folder.name])
        })
        node.appendList("child", unchanged ? [] : top.songs, as: BrowseNodes.Song.self)
        return .payload(node)
    }

    /// A folder's subfolders and songs; an artist's albums or an album's songs for an
    /// artist or album id (as clients that browse by tags through this call expect).
    private static func directory(_ request: SubsonicRequest) async throws -> SubsonicReply {
        let id = try SubsonicID(parsing: try request.parameters.required("id"))
        let browse = request.services.browse
        let user = request.user.id
        var node: SubsonicNode
        switch id.kind {
        case .folder:
            let listing = try await browse.folder(id: id.value, userID: user)
            node = SubsonicNode("directory", [
                "id": id, "parent": listing.folder.parentID.map(SubsonicID.folder), "name": listing.folder.name,
            ])
            // Made as the answer is written: the root of a million-track library holds some
            // 46,000 folders, and their nodes made at once took 13 MB.
            let folders = listing.folders, songs = listing.songs
            node.appendList("child", count: folders.count + songs.count) { index in
                index < folders.count ? BrowseNodes.folderChild(folders[index]) : BrowseNodes.song(songs[index - folders.count], name: "child")
            }
        case .artist:
            let detail = try await browse.artist(id: id.value, userID: user)
            node = SubsonicNode("directory", ["id": id, "name": detail.artist.name])
            BrowseNodes.annotate(&node, detail.artist.annotation, plays: false)
            node.appendList("child", detail.albums, as: BrowseNodes.AlbumChild.self)
        case .album:
            let detail = try await browse.album(id: id.value, userID: user)
            node = SubsonicNode("directory", [
                "id": id, "parent": detail.album.artistID.map(SubsonicID.artist), "name": detail.album.name,
            ])
            BrowseNodes.annotate(&node, detail.album.annotation)
            node.appendList("child", detail.songs, as: BrowseNodes.Song.self)
        default:
            throw id.notFound
        }
        return .payload(node)
    }
}

extension SubsonicParameters {
    /// `musicFolderId`, the library to limit a list to; nil for every library.
    func libraryID() throws(SubsonicError) -> Int64? {
        try int("musicFolderId").map(Int64.init)
    }
}
