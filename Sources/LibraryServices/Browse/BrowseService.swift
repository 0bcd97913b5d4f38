import Foundation
import LibraryCore

/// What a music server's clients browse by: folders, artist and album indexes, genres,
/// album lists, random picks and paged search, with each user's stars, ratings and play
/// counts. Missing tracks are never listed; albums and artists appear while they have
/// present tracks. Unknown ids throw `LibraryError` `.notFound`.
public protocol BrowseService: Sendable {
    /// The music folders clients choose from: the libraries, by name.
    func musicFolders() async throws -> [Library]
    /// The top of the folder tree: the folders and songs directly inside the libraries'
    /// root folders (or one library's), with when a library last finished a scan.
    func topFolders(libraryID: Int64?, userID: Int64) async throws -> TopFolders
    /// One folder's subfolders and songs.
    func folder(id: Int64, userID: Int64) async throws -> FolderListing
    /// Album artists grouped by index letter, articles ignored.
    func artistIndex(libraryID: Int64?, userID: Int64) async throws -> [IndexGroup<BrowseArtist>]
    /// The same index packed, read one artist at a time: no array of the whole index is
    /// made per request (at a million tracks it holds some 46,000 artists).
    func artistIndexListing(libraryID: Int64?, userID: Int64) async throws -> ArtistIndexListing
    /// An artist and the albums they are the album artist of.
    func artist(id: Int64, userID: Int64) async throws -> ArtistDetail
    /// An album and its songs in disc and track order.
    func album(id: Int64, userID: Int64) async throws -> AlbumDetail
    /// One present song.
    func song(id: Int64, userID: Int64) async throws -> BrowseSong
    /// The present songs `ids` in that order (repeats kept), unknown or missing ids left
    /// out, in one query: a player's queue, a playlist's rows.
    func songs(ids: [Int64], userID: Int64) async throws -> [BrowseSong]
    /// Every genre with its song and album counts, by name.
    func genres() async throws -> [BrowseGenre]
    /// One page of an album list (`page.size` at most `BrowseLimits.listSize`).
    func albumList(_ type: AlbumListType, page: Page, libraryID: Int64?, userID: Int64) async throws -> [BrowseAlbum]
    /// Random songs (at most `BrowseLimits.listSize`).
    func randomSongs(_ request: RandomSongsRequest, userID: Int64) async throws -> [BrowseSong]
    /// One page of the songs of a genre.
    func songs(genre: String, page: Page, libraryID: Int64?, userID: Int64) async throws -> [BrowseSong]
    /// Artists, albums and songs matching a search, each paged on its own; an empty text
    /// lists everything (clients sync their offline copy that way).
    func search(_ request: BrowseSearchRequest, userID: Int64) async throws -> BrowseSearchResult
    /// What the user starred, most recently starred first.
    func starred(libraryID: Int64?, userID: Int64) async throws -> BrowseSearchResult
}

/// The most items one request lists.
public enum BrowseLimits {
    /// Album lists, random songs, songs by genre (Subsonic's documented maximum).
    public static let listSize = 500
    /// Each kind of a search page: large, because offline sync pages through everything
    /// and stops at the first short page.
    public static let searchSize = 10_000
}

/// The top of the folder tree.
public struct TopFolders: Sendable, Equatable {
    /// Folders directly inside the root folders, grouped by index letter, packed (read one
    /// folder at a time).
    public var listing: FolderIndexListing
    /// Songs lying directly in a root folder.
    public var songs: [BrowseSong]
    /// When a library last finished a scan.
    public var lastModified: Date?

    /// Folders directly inside the root folders, grouped by index letter: a copy of `listing`.
    public var index: [IndexGroup<BrowseFolder>] { listing.groups }

    public init(listing: FolderIndexListing, songs: [BrowseSong], lastModified: Date?) {
        self.listing = listing; self.songs = songs; self.lastModified = lastModified
    }
}

/// An artist with their albums.
public struct ArtistDetail: Sendable, Equatable {
    public var artist: BrowseArtist
    public var albums: [BrowseAlbum]

    public init(artist: BrowseArtist, albums: [BrowseAlbum]) {
        self.artist = artist; self.albums = albums
    }
}

/// An album with its songs.
public struct AlbumDetail: Sendable, Equatable {
    public var album: BrowseAlbum
    public var songs: [BrowseSong]

    public init(album: BrowseAlbum, songs: [BrowseSong]) {
        self.album = album; self.songs = songs
    }
}

/// Which random songs to pick.
public struct RandomSongsRequest: Sendable, Equatable {
    public var size: Int
    public var genre: String?
    public var fromYear: Int?
    public var toYear: Int?
    public var libraryID: Int64?

    public init(size: Int = 10, genre: String? = nil, fromYear: Int? = nil, toYear: Int? = nil, libraryID: Int64? = nil) {
        self.size = size; self.genre = genre; self.fromYear = fromYear; self.toYear = toYear; self.libraryID = libraryID
    }
}

/// A search: the text (empty lists everything) and one page per kind.
public struct BrowseSearchRequest: Sendable, Equatable {
    public var text: String
    public var artists: Page
    public var albums: Page
    public var songs: Page
    public var libraryID: Int64?

    public init(
        text: String, artists: Page = Page(size: 20), albums: Page = Page(size: 20), songs: Page = Page(size: 20),
        libraryID: Int64? = nil
    ) {
        self.text = text; self.artists = artists; self.albums = albums; self.songs = songs; self.libraryID = libraryID
    }
}

/// Artists, albums and songs: a search's results or a user's stars.
public struct BrowseSearchResult: Sendable, Equatable {
    public var artists: [BrowseArtist]
    public var albums: [BrowseAlbum]
    public var songs: [BrowseSong]

    public init(artists: [BrowseArtist], albums: [BrowseAlbum], songs: [BrowseSong]) {
        self.artists = artists; self.albums = albums; self.songs = songs
    }
}
