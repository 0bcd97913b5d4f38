import Foundation
import LibraryCore
import LibraryStorage
import Synchronization

/// The artist index (`getArtists`, `getIndexes`, the web app's artists screen) of each
/// library, without any user's stars and ratings, kept until the database changes: building
/// it groups and folds every album artist (tens of milliseconds at 100,000 tracks, over a
/// second at a million), and it only changes when the library does.
///
/// Entries are keyed by `PRAGMA data_version` (`DataVersionProbe`) read before the index is
/// built, so an index is never answered once anything was committed after it was built. At
/// most `maximumLibraries` indexes are kept, all of one version. In-memory databases are
/// not cached.
final class ArtistIndexCache: Sendable {
    private struct Entry {
        let version: Int64
        var indexes: [Int64?: [IndexGroup<BrowseArtist>]]
    }

    /// The most indexes kept (one per library asked for, and the all-libraries one).
    static let maximumLibraries = 4

    private let probe: DataVersionProbe
    private let entry = Mutex<Entry?>(nil)
    /// How many indexes were built (for tests).
    let computations = Mutex(0)

    init(location: Connection.Location) {
        probe = DataVersionProbe(location: location)
    }

    /// The cached index of `libraryID` (nil: every library) while the database is unchanged,
    /// else `build`'s.
    func index(
        libraryID: Int64?, _ build: () async throws -> [IndexGroup<BrowseArtist>]
    ) async throws -> [IndexGroup<BrowseArtist>] {
        let version = probe.version()
        if let version, let cached = entry.withLock({ $0?.version == version ? $0?.indexes[libraryID] : nil }) {
            return cached
        }
        let index = try await build()
        computations.withLock { $0 += 1 }
        if let version {
            entry.withLock { entry in
                var current = entry?.version == version ? entry : nil
                entry = nil
                if current == nil || current?.indexes.count ?? 0 >= Self.maximumLibraries {
                    current = Entry(version: version, indexes: [:])
                }
                current?.indexes[libraryID] = index
                entry = current
            }
        }
        return index
    }

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
