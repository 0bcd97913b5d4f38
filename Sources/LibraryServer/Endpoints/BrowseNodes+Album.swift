import Foundation
import LibraryCore
import LibraryServices

extension BrowseNodes {
    /// An album as `AlbumID3` (getAlbum, getAlbumList2, search3, getStarred2); `coverArt`
    /// only when it has a cover (clients show a broken image for a cover that is not found).
    static func album(_ album: BrowseAlbum, name: String = "album") -> SubsonicNode {
        Album.node(album, name: name)
    }

    /// The shape of an album as `AlbumID3`.
    enum Album: SubsonicShape {
        static func write<Fields: SubsonicFields>(_ album: BrowseAlbum, to fields: inout Fields) {
            fields.add("id", SubsonicID.album(album.id))
            fields.add("name", album.name)
            fields.add("artist", album.artist)
            fields.add("artistId", album.artistID.map(SubsonicID.artist))
            fields.add("coverArt", album.hasCover ? SubsonicID.album(album.id) : nil)
            fields.add("songCount", album.songCount)
            fields.add("duration", seconds(album.durationMs))
            fields.add("created", album.createdAt)
            fields.add("year", album.year)
            fields.add("genre", album.genres.first)
            fields.add("isCompilation", album.compilation)
            fields.add("sortName", album.sortName)
            fields.add("musicBrainzId", album.musicBrainzID)
            fields.add("displayArtist", album.artists.map(\.name).joined(separator: ", "))
            addAnnotation(album.annotation, to: &fields)
            fields.addList("genres", album.genres) { genre, item in item.add("name", genre) }
            fields.addList("artists", album.artists, addReference)
            fields.addList("discTitles", EmptyCollection<Int>()) { _, _ in }
        }
    }

    /// An album as a folder-style `child` with `isDir` (getAlbumList, search2, getStarred,
    /// an artist's getMusicDirectory).
    static func albumChild(_ album: BrowseAlbum, name: String = "album") -> SubsonicNode {
        AlbumChild.node(album, name: name)
    }

    /// The shape of an album as a folder-style `child`.
    enum AlbumChild: SubsonicShape {
        static func write<Fields: SubsonicFields>(_ album: BrowseAlbum, to fields: inout Fields) {
            let id = SubsonicID.album(album.id)
            let artistID = album.artistID.map(SubsonicID.artist)
            fields.add("id", id)
            fields.add("parent", artistID)
            fields.add("isDir", true)
            fields.add("title", album.name)
            fields.add("name", album.name)
            fields.add("album", album.name)
            fields.add("artist", album.artist)
            fields.add("year", album.year)
            fields.add("genre", album.genres.first)
            fields.add("coverArt", album.hasCover ? id : nil)
            fields.add("duration", seconds(album.durationMs))
            fields.add("created", album.createdAt)
            fields.add("albumId", id)
            fields.add("artistId", artistID)
            fields.add("songCount", album.songCount)
            fields.add("isVideo", false)
            fields.add("mediaType", "album")
            addAnnotation(album.annotation, to: &fields)
        }
    }

    /// An artist as `ArtistID3` (getArtists, getArtist, search3, getStarred2).
    static func artist(_ artist: BrowseArtist, name: String = "artist") -> SubsonicNode {
        Artist.node(artist, name: name)
    }

    /// The shape of an artist as `ArtistID3`, written straight into the answer by search lists.
    enum Artist: SubsonicShape {
        static func write<Fields: SubsonicFields>(_ artist: BrowseArtist, to fields: inout Fields) {
            fields.add("id", SubsonicID.artist(artist.id))
            fields.add("name", artist.name)
            fields.add("albumCount", artist.albumCount)
            fields.add("coverArt", SubsonicID.artist(artist.id))
            fields.add("sortName", artist.sortName)
            fields.add("musicBrainzId", artist.musicBrainzID)
            addAnnotation(artist.annotation, to: &fields, plays: false)
        }
    }

    /// The artist index as `index` objects of `ArtistID3` `artist`s, each written straight
    /// into the answer from the packed index, as `artist(_:name:)` shows it.
    static func artistIndex(_ listing: ArtistIndexListing) -> [SubsonicNode] {
        listing.headings.map { heading in
            var node = SubsonicNode("index", ["name": heading.name])
            let first = heading.positions.lowerBound
            node.appendEntries(SubsonicEntryList(
                "artist", count: heading.positions.count,
                write: { index, out in listing.withArtist(at: first + index) { writeArtist($0, to: &out) } },
                node: { artist(listing.artist(at: first + $0)) }))
            return node
        }
    }

    /// The members `artist(_:name:)` gives an artist, in its order.
    private static func writeArtist(_ artist: PackedArtist, to out: inout RenderOutput) {
        out.add("id", SubsonicID.artist(artist.id))
        out.add("name", utf8: artist.name)
        out.add("albumCount", artist.albumCount)
        out.add("coverArt", SubsonicID.artist(artist.id))
        out.add("sortName", utf8: artist.sortName)
        out.add("musicBrainzId", utf8: artist.musicBrainzID)
        addAnnotation(artist.annotation, to: &out, plays: false)
    }

    /// An artist as the folder-style `artist` of search2 and getStarred.
    static func artistEntry(_ artist: BrowseArtist) -> SubsonicNode {
        ArtistEntry.node(artist, name: "artist")
    }

    /// The shape of an artist as the folder-style `artist`.
    enum ArtistEntry: SubsonicShape {
        static func write<Fields: SubsonicFields>(_ artist: BrowseArtist, to fields: inout Fields) {
            fields.add("id", SubsonicID.artist(artist.id))
            fields.add("name", artist.name)
            addAnnotation(artist.annotation, to: &fields, plays: false)
        }
    }

    /// A folder as a `child` with `isDir`.
    static func folderChild(_ folder: BrowseFolder) -> SubsonicNode {
        SubsonicNode("child", [
            "id": SubsonicID.folder(folder.id), "parent": folder.parentID.map(SubsonicID.folder),
            "isDir": true, "title": folder.name, "isVideo": false,
        ])
    }

    /// Index headings as `index` objects of `artist`s, each made by `entry` from its
    /// position in the index only as the answer is written.
    static func index(_ headings: [IndexHeading], entry: @escaping @Sendable (_ position: Int) -> SubsonicNode) -> [SubsonicNode] {
        headings.map { heading in
            var node = SubsonicNode("index", ["name": heading.name])
            let first = heading.positions.lowerBound
            node.appendList("artist", count: heading.positions.count) { entry(first + $0) }
            return node
        }
    }
}
