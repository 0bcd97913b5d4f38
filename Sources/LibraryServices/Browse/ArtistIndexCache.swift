import Foundation
import LibraryCore

/// The artist index (`getArtists`, `getIndexes`, the web app's artists screen) of each
/// library (nil: every library), without any user's stars and ratings, kept until the
/// database changes: building it groups and folds every album artist (tens of milliseconds
/// at 100,000 tracks, over a second at a million), and it only changes when the library does.
typealias ArtistIndexCache = VersionedCache<Int64?, [IndexGroup<BrowseArtist>]>

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
    let index: [IndexGroup<BrowseFolder>]
    let lastModified: Date?
}

extension VersionedCache where Key == Int64?, Value == [IndexGroup<BrowseArtist>] {
    /// `index` with `annotations` (one user's, by artist id) on its artists. A group with no
    /// annotated artist is returned as it is, sharing the cached group's storage: at a million
    /// tracks the index holds 100,000 artists, and a copy of all of them per request from a
    /// user with one star made concurrent getArtists hold one whole index each.
    static func annotating(_ index: [IndexGroup<BrowseArtist>], with annotations: [Int64: Annotation]) -> [IndexGroup<BrowseArtist>] {
        guard !annotations.isEmpty else { return index }
        return index.map { group in
            guard group.items.contains(where: { annotations[$0.id] != nil }) else { return group }
            return IndexGroup(name: group.name, items: group.items.map { artist in
                guard let annotation = annotations[artist.id] else { return artist }
                var annotated = artist
                annotated.annotation = annotation
                return annotated
            })
        }
    }
}
