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

extension VersionedCache where Key == Int64?, Value == [IndexGroup<BrowseArtist>] {
    /// `index` with `annotations` (one user's, by artist id) on its artists.
    static func annotating(_ index: [IndexGroup<BrowseArtist>], with annotations: [Int64: Annotation]) -> [IndexGroup<BrowseArtist>] {
        guard !annotations.isEmpty else { return index }
        return index.map { group in
            IndexGroup(name: group.name, items: group.items.map { artist in
                guard let annotation = annotations[artist.id] else { return artist }
                var annotated = artist
                annotated.annotation = annotation
                return annotated
            })
        }
    }
}
