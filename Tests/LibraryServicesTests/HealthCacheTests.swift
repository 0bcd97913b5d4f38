import Foundation
import LibraryCore
@testable import LibraryServices
import LibraryStorage
import TestSupport
import Testing

@Suite("Doctor: the health report is kept until anything is committed, by any connection")
struct HealthCacheTests {
    @Test func theReportIsReusedUntilAnotherConnectionCommits() async throws {
        let folder = try TemporaryDirectory("health")
        defer { folder.remove() }
        let url = URL(fileURLWithPath: folder.path("library.sqlite"))
        let services = try ServiceContainer.live(databaseURL: url)
        _ = try await services.scanner.run(Fixtures.sampleLibrary.path, name: "Samples")
        let library = try #require(services.library as? LiveLibraryService)

        let first = try await services.library.health()
        #expect(first.missing.isEmpty)
        #expect(try await services.library.health() == first)
        #expect(library.healthCache.computations.withLock { $0 } == 1, "an unchanged database is not checked again")

        // Another process marks a track missing: the next report sees it.
        let other = try Connection(location: .file(url.path))
        try other.execute("UPDATE track SET missing_since = 1700000000 WHERE id = (SELECT min(id) FROM track)")
        let after = try await services.library.health()
        #expect(after.missing.count == 1)
        #expect(library.healthCache.computations.withLock { $0 } == 2)

        // This process's own writes count too.
        _ = try await services.library.renameLibrary(named: "Samples", to: "Renamed")
        _ = try await services.library.health()
        #expect(library.healthCache.computations.withLock { $0 } == 3)
    }

    @Test func anInMemoryDatabaseIsNotCached() async throws {
        let services = try ServiceContainer.inMemory()
        let library = try #require(services.library as? LiveLibraryService)
        _ = try await services.library.health()
        _ = try await services.library.health()
        #expect(library.healthCache.computations.withLock { $0 } == 2)
    }
}
