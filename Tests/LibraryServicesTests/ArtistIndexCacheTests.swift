import Foundation
import LibraryCore
@testable import LibraryServices
import LibraryStorage
import TestSupport
import Testing

@Suite("The artist index is kept until anything is committed; stars stay per user")
struct ArtistIndexCacheTests {
    @Test func theIndexIsReusedUntilTheLibraryChangesAndCarriesEachUsersOwnStars() async throws {
        let folder = try TemporaryDirectory("artist-index")
        defer { folder.remove() }
        let (browse, url) = try await Self.scannedSamples(in: folder)
        func builds() -> Int { browse.artistIndexCache.computations.withLock { $0 } }

        let first = try await browse.artistIndex(libraryID: nil, userID: User.localID)
        let artists = first.flatMap(\.items)
        #expect(artists.count >= 2 && artists.allSatisfy { $0.annotation == .none })
        #expect(try await browse.artistIndex(libraryID: nil, userID: User.localID) == first)
        #expect(builds() == 1, "an unchanged library is not grouped again")

        // Another connection stars an artist for a second user and hides one artist's tracks.
        let other = try Connection(location: .file(url.path))
        try other.execute("INSERT INTO user (id, name, created_at) VALUES (2, 'second', 0)")
        let starred = artists[0], hidden = artists[1]
        try other.execute("INSERT INTO artist_annotation (user_id, artist_id, starred_at, rating) VALUES (2, \(starred.id), 1700000000, 4)")
        let second = try await browse.artistIndex(libraryID: nil, userID: 2)
        #expect(builds() == 2)
        let mine = try #require(second.flatMap(\.items).first { $0.id == starred.id })
        #expect(mine.annotation.starredAt == Date(timeIntervalSince1970: 1_700_000_000) && mine.annotation.rating == 4)
        #expect(try await browse.artistIndex(libraryID: nil, userID: User.localID) == first, "the first user sees no star")
        #expect(builds() == 2, "stars are read per request, not cached")

        try other.execute("""
            UPDATE track SET missing_since = 1700000000
            WHERE album_id IN (SELECT id FROM album WHERE artist_id = \(hidden.id))
            """)
        let after = try await browse.artistIndex(libraryID: nil, userID: User.localID)
        #expect(builds() == 3)
        #expect(!after.flatMap(\.items).contains { $0.id == hidden.id })
    }

    /// The live browse service over the sample library, scanned into a database file in `folder`.
    static func scannedSamples(in folder: TemporaryDirectory) async throws -> (LiveBrowseService, URL) {
        let url = URL(fileURLWithPath: folder.path("library.sqlite"))
        let services = try ServiceContainer.live(databaseURL: url)
        _ = try await services.scanner.run(Fixtures.sampleLibrary.path, name: "Samples")
        return (try #require(services.browse as? LiveBrowseService), url)
    }

    @Test func anInMemoryDatabaseIsNotCached() async throws {
        let services = try ServiceContainer.inMemory()
        let browse = try #require(services.browse as? LiveBrowseService)
        _ = try await browse.artistIndex(libraryID: nil, userID: User.localID)
        _ = try await browse.artistIndex(libraryID: nil, userID: User.localID)
        #expect(browse.artistIndexCache.computations.withLock { $0 } == 2)
    }
}

@Suite("One user's stars copy only the index groups they touch")
struct ArtistIndexAnnotatingTests {
    static func artist(_ id: Int64, _ name: String) -> BrowseArtist {
        BrowseArtist(id: id, name: name, sortName: nil, musicBrainzID: nil, albumCount: 1, annotation: .none)
    }

    static func storage(_ items: [BrowseArtist]) -> UnsafeRawPointer? {
        items.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
    }

    @Test func groupsWithoutAnAnnotatedArtistShareTheCachedStorage() {
        let index = [
            IndexGroup(name: "A", items: [Self.artist(1, "Abba"), Self.artist(2, "Air")]),
            IndexGroup(name: "B", items: [Self.artist(3, "Beck"), Self.artist(4, "Björk")]),
        ]
        let star = Annotation(starredAt: Date(timeIntervalSince1970: 1_700_000_000), rating: 5)
        let annotated = ArtistIndexCache.annotating(index, with: [4: star])

        #expect(annotated[0] == index[0])
        #expect(Self.storage(annotated[0].items) == Self.storage(index[0].items), "an untouched group is not copied")
        #expect(annotated[1].items.map(\.annotation) == [.none, star])
        #expect(index[1].items[1].annotation == .none, "the cached index keeps no user's stars")
        #expect(ArtistIndexCache.annotating(index, with: [:]) == index)
    }
}
