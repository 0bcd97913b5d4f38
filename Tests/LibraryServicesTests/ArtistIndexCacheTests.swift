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

@Suite("The packed artist index gives back the artists it read, grouped, with one user's stars")
struct ArtistIndexListingTests {
    /// Artists with names that fold, sort and group differently, some with sort names and
    /// MusicBrainz ids, some empty or non-Latin.
    static func artists(count: Int) -> [BrowseArtist] {
        ArtistIndexGroupingTests.names(count: count, seed: UInt64(count) + 11).map { named in
            BrowseArtist(
                id: Int64(named.number * 3 + 1), name: named.number % 13 == 0 ? "" : named.name, sortName: named.sortName,
                musicBrainzID: named.number % 3 == 0 ? nil : "0f1e2d3c-\(named.number)-ü",
                albumCount: named.number % 5, annotation: .none)
        }
    }

    @Test(arguments: [0, 1, 40, 3_000])
    func itListsWhatGroupingTheArtistsGives(count: Int) {
        let artists = Self.artists(count: count)
        let listing = ArtistIndexListing { add in artists.forEach(add) }
        let expected = ArtistIndex.group(artists, name: \.name, sortName: \.sortName)
        #expect(listing.count == count)
        #expect(listing.headings.map(\.name) == expected.map(\.name))
        #expect(listing.groups == expected)
        #expect(listing.headings.map(\.positions.count) == expected.map(\.items.count))
    }

    @Test func starsAreOnACopyNotOnTheCachedIndex() {
        let artists = Self.artists(count: 40)
        let listing = ArtistIndexListing { add in artists.forEach(add) }
        let star = Annotation(starredAt: Date(timeIntervalSince1970: 1_700_000_000), rating: 5)
        let starredID = artists[7].id
        let annotated = listing.annotated(with: [starredID: star])

        let starred = annotated.groups.flatMap(\.items).filter { $0.annotation != .none }
        #expect(starred.map(\.id) == [starredID])
        #expect(starred.first?.annotation == star)
        #expect(listing.groups.flatMap(\.items).allSatisfy { $0.annotation == .none }, "the cached index keeps no user's stars")
    }
}
