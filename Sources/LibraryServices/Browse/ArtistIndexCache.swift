import Foundation
import LibraryCore

/// The artist index (`getArtists`, `getIndexes`, the web app's artists screen) of each
/// library (nil: every library), packed, without any user's stars and ratings, kept until
/// the database changes: building it groups and folds every album artist (tens of
/// milliseconds at 100,000 tracks, over a second at a million), and it only changes when the
/// library does.
typealias ArtistIndexCache = VersionedCache<Int64?, ArtistIndexListing>

/// The genre list (`getGenres`), kept until the database changes: counting every present
/// track's genres takes ~40 ms at 100,000 tracks and a second at a million. Its one key is nil.
typealias GenreCache = VersionedCache<Int64?, [BrowseGenre]>

/// The top of each library's folder tree (getIndexes), without its songs (they carry each
/// user's stars), kept until the database changes: at a million tracks the roots hold tens
/// of thousands of folders, read, sorted and grouped in most of a second.
typealias FolderIndexCache = VersionedCache<Int64?, FolderIndex>

/// The root folders of a library (or of all), the folders directly inside them grouped by
/// index letter, and when a library last finished a scan.
struct FolderIndex: Sendable {
    let roots: [BrowseFolder]
    let index: FolderIndexListing
    let lastModified: Date?
}
