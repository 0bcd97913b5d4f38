import Foundation
import LibraryStorage
import Synchronization

/// Values computed from the database (one per key, such as a library id), kept until the
/// database changes: for answers that take tens of milliseconds at 100,000 tracks, a second
/// at a million, and only change when the library does (the artist index, the genre list).
///
/// Entries are keyed by `PRAGMA data_version` (`DataVersionProbe`) read before the value is
/// built, so a value is never answered once anything was committed after it was built. At
/// most `maximumKeys` values are kept, all of one version. In-memory databases are not
/// cached. While and after each build, what it frees goes back to the system (`FreeMemory`).
final class VersionedCache<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private struct Entry {
        let version: Int64
        var values: [Key: Value]
    }

    /// The most values kept (e.g. one per library asked for, and the all-libraries one).
    let maximumKeys: Int

    private let probe: DataVersionProbe
    private let entry = Mutex<Entry?>(nil)
    /// How many values were built (for tests).
    let computations = Mutex(0)

    init(location: Connection.Location, maximumKeys: Int = 4) {
        probe = DataVersionProbe(location: location)
        self.maximumKeys = maximumKeys
    }

    /// The cached value of `key` while the database is unchanged, else `build`'s.
    func value(for key: Key, _ build: () async throws -> Value) async throws -> Value {
        let version = probe.version()
        if let version, let cached = entry.withLock({ $0?.version == version ? $0?.values[key] : nil }) {
            return cached
        }
        let value = try await FreeMemory.returningFreedMemory(build)
        computations.withLock { $0 += 1 }
        if let version {
            entry.withLock { entry in
                var current = entry?.version == version ? entry : nil
                entry = nil
                if current == nil || current?.values.count ?? 0 >= maximumKeys {
                    current = Entry(version: version, values: [:])
                }
                current?.values[key] = value
                entry = current
            }
        }
        // A value replaced goes back to the system now, not while later requests run.
        FreeMemory.release()
        return value
    }
}
