import Foundation
import LibraryCore
@testable import LibraryServices
import LibraryStorage
import TestSupport
import Testing

@Suite("The genre list is kept until anything is committed")
struct GenreCacheTests {
    @Test func theListIsReusedUntilTheLibraryChanges() async throws {
        let folder = try TemporaryDirectory("genre-cache")
        defer { folder.remove() }
        let url = URL(fileURLWithPath: folder.path("library.sqlite"))
        let services = try ServiceContainer.live(databaseURL: url)
        _ = try await services.scanner.run(Fixtures.sampleLibrary.path, name: "Samples")
        let browse = try #require(services.browse as? LiveBrowseService)
        func builds() -> Int { browse.genreCache.computations.withLock { $0 } }

        let first = try await browse.genres()
        #expect(try await browse.genres() == first)
        #expect(builds() == 1, "an unchanged library is not counted again")

        // Another connection (a scan beside the server) gives every present track one new genre.
        let other = try Connection(location: .file(url.path))
        try other.execute(#"UPDATE track SET genres = '["Zydeco"]' WHERE missing_since IS NULL"#)
        let after = try await browse.genres()
        #expect(builds() == 2)
        let songs = try #require(first.map(\.songCount).max())
        #expect(after.map(\.name) == ["Zydeco"] && after[0].songCount >= songs, "\(after)")
        #expect(try await browse.genres() == after)
        #expect(builds() == 2)
    }

    @Test func anInMemoryDatabaseIsNotCached() async throws {
        let services = try ServiceContainer.inMemory()
        let browse = try #require(services.browse as? LiveBrowseService)
        _ = try await browse.genres()
        _ = try await browse.genres()
        #expect(browse.genreCache.computations.withLock { $0 } == 2)
    }
}
