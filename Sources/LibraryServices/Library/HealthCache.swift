import LibraryCore

/// The last health report, kept until the database changes: the doctor's checks read every
/// track (half a second at 100,000), and a server's doctor screen asks again on each visit.
/// A `VersionedCache` of one value: never answered once anything was committed after it was
/// computed, by this process or another (a `kanora scan` beside the server); in-memory
/// databases are not cached.
typealias HealthCache = VersionedCache<Int, LibraryHealth>

extension VersionedCache where Key == Int, Value == LibraryHealth {
    /// The cached report while the database is unchanged, else `compute`'s.
    func health(_ compute: () async throws -> LibraryHealth) async throws -> LibraryHealth {
        try await value(for: 0, compute)
    }
}
