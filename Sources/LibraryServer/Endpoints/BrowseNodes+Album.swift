import Foundation
import LibraryCore
import LibraryServices

extension BrowseNodes {
    /// An album as `AlbumID3` (getAlbum, getAlbumList2, search3, getStarred2); `coverArt`
    /// only when it has a cover (clients show a broken image for a cover that is not found).
    static func album(_ album: BrowseAlbum, name: String = "album") -> SubsonicNode {
        var node = SubsonicNode(name, [
            "id": SubsonicID.album(album.id),
            "name": album.name,
            "artist": album.artist,
            "artistId": album.artistID.map(SubsonicID.artist),
            "coverArt": album.hasCover ? SubsonicID.album(album.id) : nil,
            "songCount": album.songCount,
            "duration": seconds(album.durationMs),
            "created": album.createdAt,
            "year": album.year,
            "genre": album.genres.first,
            "isCompilation": album.compilation,
            "sortName": album.sortName,
            "musicBrainzId": album.musicBrainzID,
            "displayArtist": album.artists.map(\.name).joined(separator: ", "),
        ])
        annotate(&node, album.annotation)
        node.appendList("genres", album.genres.map { SubsonicNode("genre", ["name": $0]) })
        node.appendList("artists", album.artists.map(reference))
        node.appendList("discTitles", [])
        return node
    }

    /// An album as a folder-style `child` with `isDir` (getAlbumList, search2, getStarred,
    /// an artist's getMusicDirectory).
    static func albumChild(_ album: BrowseAlbum, name: String = "album") -> SubsonicNode {
        var node = SubsonicNode(name, [
            "id": SubsonicID.album(album.id),
            "parent": album.artistID.map(SubsonicID.artist),
            "isDir": true,
            "title": album.name,
            "name": album.name,
            "album": album.name,
            "artist": album.artist,
            "year": album.year,
            "genre": album.genres.first,
            "coverArt": album.hasCover ? SubsonicID.album(album.id) : nil,
            "duration": seconds(album.durationMs),
            "created": album.createdAt,
            "albumId": SubsonicID.album(album.id),
            "artistId": album.artistID.map(SubsonicID.artist),
            "songCount": album.songCount,
            "isVideo": false,
            "mediaType": "album",
        ])
        annotate(&node, album.annotation)
        return node
    }

    /// An artist as `ArtistID3` (getArtists, getArtist, search3, getStarred2).
    static func artist(_ artist: BrowseArtist, name: String = "artist") -> SubsonicNode {
        var node = SubsonicNode(name, [
            "id": SubsonicID.artist(artist.id),
            "name": artist.name,
            "albumCount": artist.albumCount,
            "coverArt": SubsonicID.artist(artist.id),
            "sortName": artist.sortName,
            "musicBrainzId": artist.musicBrainzID,
        ])
        annotate(&node, artist.annotation, plays: false)
        return node
    }

    /// An artist as the folder-style `artist` of search2 and getStarred.
    static func artistEntry(_ artist: BrowseArtist) -> SubsonicNode {
        var node = SubsonicNode("artist", ["id": SubsonicID.artist(artist.id), "name": artist.name])
        annotate(&node, artist.annotation, plays: false)
        return node
    }

    /// A folder as a `child` with `isDir`.
    static func folderChild(_ folder: BrowseFolder) -> SubsonicNode {
        SubsonicNode("child", [
            "id": SubsonicID.folder(folder.id), "parent": folder.parentID.map(SubsonicID.folder),
            "isDir": true, "title": folder.name, "isVideo": false,
        ])
    }

    /// `index` groups, each with its `artist` entries, made as the answer is written (the
    /// whole artist list of a large library would otherwise be some 300 bytes of nodes per
    /// artist, held at once by every request).
    static func index<Item: Sendable>(
        _ groups: [IndexGroup<Item>], entry: @escaping @Sendable (Item) -> SubsonicNode
    ) -> [SubsonicNode] {
        groups.map { group in
            var node = SubsonicNode("index", ["name": group.name])
            let items = group.items
            node.appendList("artist", count: items.count) { entry(items[$0]) }
            return node
        }
    }
}
