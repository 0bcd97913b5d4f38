import Foundation
import LibraryCore
import LibraryStorage
import Synchronization

/// Reads `PRAGMA data_version` on a read-only connection of its own, so a cache can tell
/// whether anything was committed since it computed a value: the number changes with every
/// commit of any other connection, in this process or another (a `kanora scan` beside the
/// server). In-memory databases (tests, previews) have no version: nothing is cached.
final class DataVersionProbe: Sendable {
    private let connection = Mutex<Connection?>(nil)
    private let location: Connection.Location?

    init(location: Connection.Location) {
        if case .file = location { self.location = location } else { self.location = nil }
    }

    /// The current version (the connection is opened on first use; microseconds), or nil
    /// for an in-memory database or when it cannot be read.
    func version() -> Int64? {
        guard let location else { return nil }
        return try? connection.withLock { connection throws -> Int64 in
            let probe = try connection ?? Connection(location: location, readOnly: true, busyTimeout: .seconds(2))
            connection = probe
            return try probe.dataVersion()
        }
    }
}
