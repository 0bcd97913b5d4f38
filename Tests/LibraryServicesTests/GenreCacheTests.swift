import Foundation
import LibraryCore
@testable import LibraryServices
import LibraryStorage
import TestSupport
import Testing

@Suite("The genre list and the top folder index are kept until anything is committed")
struct GenreCacheTests {
    @Test func theListIsReusedUntilTheLibraryChanges() async throws {
        let folder = try TemporaryDirectory("genre-cache")
        defer { folder.remove() }
        let (browse, url) = try await ArtistIndexCacheTests.scannedSamples(in: folder)
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

    @Test func theTopFolderIndexIsReusedUntilTheLibraryChanges() async throws {
        let folder = try TemporaryDirectory("folder-index")
        defer { folder.remove() }
        let (browse, url) = try await ArtistIndexCacheTests.scannedSamples(in: folder)
        func builds() -> Int { browse.folderIndexCache.computations.withLock { $0 } }

        let first = try await browse.topFolders(libraryID: nil, userID: User.localID)
        #expect(!first.index.isEmpty)
        #expect(try await browse.topFolders(libraryID: nil, userID: User.localID) == first)
        #expect(builds() == 1, "an unchanged library is not read and grouped again")

        // Another connection adds a folder directly inside the root.
        let other = try Connection(location: .file(url.path))
        try other.execute("""
            INSERT INTO folder (library_id, path, path_text)
            SELECT l.id, CAST(l.root_text || '/Zz New' AS BLOB), l.root_text || '/Zz New' FROM library l
            """)
        let after = try await browse.topFolders(libraryID: nil, userID: User.localID)
        #expect(builds() == 2)
        #expect(after.index.last?.items.last?.name == "Zz New", "\(after.index.map(\.name))")
    }

    @Test func anInMemoryDatabaseIsNotCached() async throws {
        let services = try ServiceContainer.inMemory()
        let browse = try #require(services.browse as? LiveBrowseService)
        _ = try await browse.genres()
        _ = try await browse.genres()
        #expect(browse.genreCache.computations.withLock { $0 } == 2)
    }
}
