import Foundation

/// An artist credited on a track or album: the artist table's id and the name as tagged.
public struct ArtistReference: Sendable, Equatable, Hashable, Codable {
    public var id: Int64
    public var name: String

    public init(id: Int64, name: String) {
        self.id = id
        self.name = name
    }
}

/// A present track as a music server's clients browse it: the track, the folder it lies in,
/// every credited artist and album artist with their ids, and one user's marks on it.
/// (The track holds only the fields a song shows: no sort name but the title's, no
/// MusicBrainz id but the recording's, no date but the year, no library name, no other
/// tags; those are as a blank track has them.)
public struct BrowseSong: Sendable, Equatable {
    public var track: Track
    /// The `folder` row the file lies in.
    public var folderID: Int64
    /// The track's artists, in tag order.
    public var artists: [ArtistReference]
    /// The track's album artists, in tag order.
    public var albumArtists: [ArtistReference]
    public var annotation: Annotation
    /// Whether the cover the song is shown with has an image: its album's (any present
    /// track's embedded picture or folder image) when it has an album, else its own.
    public var hasCover: Bool

    public init(
        track: Track, folderID: Int64, artists: [ArtistReference], albumArtists: [ArtistReference], annotation: Annotation,
        hasCover: Bool = false
    ) {
        self.track = track
        self.folderID = folderID
        self.artists = artists
        self.albumArtists = albumArtists
        self.annotation = annotation
        self.hasCover = hasCover
    }
}

/// An album with at least one present track, its totals over those tracks, and one user's marks.
public struct BrowseAlbum: Sendable, Equatable {
    public var id: Int64
    public var name: String
    public var sortName: String?
    /// The album artist as grouped ("Various Artists" for compilations).
    public var artist: String
    public var artistID: Int64?
    /// Every album artist credited on the album (at least the grouping artist).
    public var artists: [ArtistReference]
    public var compilation: Bool
    public var musicBrainzID: String?
    public var songCount: Int
    public var durationMs: Int
    /// The earliest year of its tracks.
    public var year: Int?
    /// Its tracks' genres, each once (ignoring case), in order of first appearance.
    public var genres: [String]
    /// When its first track was added.
    public var createdAt: Date
    public var annotation: Annotation
    /// Whether one of its present tracks has an embedded picture or lies beside a cover image.
    public var hasCover: Bool

    public init(
        id: Int64, name: String, sortName: String?, artist: String, artistID: Int64?, artists: [ArtistReference],
        compilation: Bool, musicBrainzID: String?, songCount: Int, durationMs: Int, year: Int?, genres: [String],
        createdAt: Date, annotation: Annotation, hasCover: Bool = false
    ) {
        self.id = id; self.name = name; self.sortName = sortName; self.artist = artist; self.artistID = artistID
        self.artists = artists; self.compilation = compilation; self.musicBrainzID = musicBrainzID
        self.songCount = songCount; self.durationMs = durationMs; self.year = year; self.genres = genres
        self.createdAt = createdAt; self.annotation = annotation; self.hasCover = hasCover
    }
}

/// An artist with the number of albums (with present tracks) it is the album artist of.
public struct BrowseArtist: Sendable, Equatable {
    public var id: Int64
    public var name: String
    public var sortName: String?
    public var musicBrainzID: String?
    public var albumCount: Int
    public var annotation: Annotation

    public init(id: Int64, name: String, sortName: String?, musicBrainzID: String?, albumCount: Int, annotation: Annotation) {
        self.id = id; self.name = name; self.sortName = sortName; self.musicBrainzID = musicBrainzID
        self.albumCount = albumCount; self.annotation = annotation
    }
}

/// A folder of a library, by id and name: never its path.
public struct BrowseFolder: Sendable, Equatable {
    public var id: Int64
    public var libraryID: Int64
    /// The folder's own name (the last path component).
    public var name: String
    /// The folder it lies in; nil for a library's root folder.
    public var parentID: Int64?

    public init(id: Int64, libraryID: Int64, name: String, parentID: Int64?) {
        self.id = id; self.libraryID = libraryID; self.name = name; self.parentID = parentID
    }
}

/// A folder's contents: its subfolders and present tracks, each by name.
public struct FolderListing: Sendable, Equatable {
    public var folder: BrowseFolder
    public var folders: [BrowseFolder]
    public var songs: [BrowseSong]

    public init(folder: BrowseFolder, folders: [BrowseFolder], songs: [BrowseSong]) {
        self.folder = folder; self.folders = folders; self.songs = songs
    }
}

/// A genre with how many present songs and albums carry it.
public struct BrowseGenre: Sendable, Equatable {
    public var name: String
    public var songCount: Int
    public var albumCount: Int

    public init(name: String, songCount: Int, albumCount: Int) {
        self.name = name; self.songCount = songCount; self.albumCount = albumCount
    }
}

/// A slice of a list: `size` items after skipping `offset`.
public struct Page: Sendable, Equatable {
    public var size: Int
    public var offset: Int

    public init(size: Int, offset: Int = 0) {
        self.size = max(0, size)
        self.offset = max(0, offset)
    }
}

/// Which albums an album list holds, and in which order (Subsonic's getAlbumList types).
public enum AlbumListType: Sendable, Equatable {
    /// Random albums.
    case random
    /// Most recently added first.
    case newest
    /// Most recently played by the user first.
    case recent
    /// Most played by the user first.
    case frequent
    /// Best rated by the user first.
    case highest
    case alphabeticalByName
    case alphabeticalByArtist
    /// Starred by the user, most recently starred first.
    case starred
    /// Albums of the years `from` through `to`; descending when `from > to`.
    case byYear(from: Int, to: Int)
    /// Albums with a track of this genre, by name.
    case byGenre(String)
}
