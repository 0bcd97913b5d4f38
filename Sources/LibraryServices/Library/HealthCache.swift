import Foundation
import LibraryCore
import LibraryStorage
import Synchronization

/// The last health report, kept until the database changes: the doctor's checks read every
/// track (half a second at 100,000), and a server's doctor screen asks again on each visit.
///
/// The report is keyed by `PRAGMA data_version` read on a read-only connection of the
/// cache's own, which changes with every commit of any other connection, in this process
/// or another (a `kanora scan` beside the server): a report is never answered once anything
/// was committed after it was computed. The version is read before the report is computed,
/// so a commit during the computation only makes the next call compute again. In-memory
/// databases (tests, previews) are not cached.
final class HealthCache: Sendable {
    private struct Entry {
        let version: Int64
        let health: LibraryHealth
    }

    private let probe: DataVersionProbe
    private let entry = Mutex<Entry?>(nil)
    /// How many reports were computed (for tests).
    let computations = Mutex(0)

    init(location: Connection.Location) {
        probe = DataVersionProbe(location: location)
    }

    /// The cached report while the database is unchanged, else `compute`'s.
    func health(_ compute: () async throws -> LibraryHealth) async throws -> LibraryHealth {
        let version = probe.version()
        if let version, let cached = entry.withLock({ $0 }), cached.version == version { return cached.health }
        let health = try await compute()
        computations.withLock { $0 += 1 }
        if let version { entry.withLock { $0 = Entry(version: version, health: health) } }
        return health
    }
}
