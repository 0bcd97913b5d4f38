import Foundation
import LibraryCore
import LibraryServices
import Testing
import TestSupport

@Suite("Search through the full-text index, each kind paged; stars")
struct BrowseSearchTests {
    let harness: BrowseHarness

    init() async throws {
        harness = try await BrowseFixture.scanned()
    }

    private func search(_ text: String, artists: Page = Page(size: 20), albums: Page = Page(size: 20), songs: Page = Page(size: 20)) async throws -> BrowseSearchResult {
        try await harness.browse.search(BrowseSearchRequest(text: text, artists: artists, albums: albums, songs: songs), userID: User.localID)
    }

    @Test func artistsAlbumsAndSongsAreFoundSeparately() async throws {
        defer { harness.folder.remove() }
        let found = try await search("BJORK")
        // The compilation's track also credits Various Artists, whose name does not match.
        #expect(found.artists.map(\.name) == ["Björk"])
        #expect(Set(found.albums.map(\.name)) == ["Homogenic", "Sampler"])
        #expect(Set(found.songs.map(\.track.title)) == ["Hunter", "Jóga", "Army of Me"])

        let safari = try await search("moon saf")
        #expect(safari.albums.map(\.name) == ["Moon Safari"])
        #expect(safari.artists.isEmpty)
        #expect(try await search("東京").songs.map(\.track.title) == ["Loose"])
        #expect(try await search("東京").artists.map(\.name) == ["東京事変"])
        let nothing = try await search("zzzz")
        #expect(nothing.artists.isEmpty && nothing.albums.isEmpty && nothing.songs.isEmpty)
    }

    @Test func eachKindHasItsOwnCountAndOffset() async throws {
        defer { harness.folder.remove() }
        let first = try await search("bjork", albums: Page(size: 1), songs: Page(size: 2))
        let second = try await search("bjork", albums: Page(size: 1, offset: 1), songs: Page(size: 2, offset: 2))
        #expect(first.albums.count == 1 && second.albums.count == 1)
        #expect(Set(first.albums.map(\.id) + second.albums.map(\.id)).count == 2)
        #expect(first.songs.count == 2 && second.songs.count == 1)
        #expect(Set(first.songs.map(\.track.id) + second.songs.map(\.track.id)).count == 3)
        #expect(try await search("bjork", artists: Page(size: 0)).artists.isEmpty)
    }

    @Test func anEmptyQueryListsEverythingPaged() async throws {
        defer { harness.folder.remove() }
        for text in ["", "\"\"", "  "] {
            let all = try await search(text, artists: Page(size: 100), albums: Page(size: 100), songs: Page(size: 100))
            #expect(all.songs.count == 7, "text \(text)")
            #expect(all.albums.count == 4)
            #expect(Set(all.artists.map(\.name)) == ["Air", "Björk", "The Beatles", "Various Artists"])
        }
        var paged: [Int64] = []
        for offset in stride(from: 0, to: 9, by: 3) {
            paged += try await search("", songs: Page(size: 3, offset: offset)).songs.map(\.track.id)
        }
        #expect(paged.count == 7)
        #expect(Set(paged).count == 7)
    }

    @Test func missingTracksAreNeverFound() async throws {
        defer { harness.folder.remove() }
        try FileManager.default.removeItem(atPath: harness.folder.path("Air/Moon Safari/1.mp3"))
        try await harness.scan()
        let found = try await search("air")
        #expect(found.songs.isEmpty && found.albums.isEmpty && found.artists.isEmpty)
        #expect(try await search("").songs.count == 6)
    }

    /// With every track present a search walks the index alone; once one is missing it reads
    /// the tracks again, so the missing one takes no place on a page.
    @Test func aMissingTrackTakesNoPlaceOnAPage() async throws {
        defer { harness.folder.remove() }
        let first = try #require(try await search("bjork", songs: Page(size: 1)).songs.first)
        #expect(try await search("bjork", songs: Page(size: 1, offset: 1)).songs.count == 1)
        try FileManager.default.removeItem(atPath: first.track.path.text)
        try await harness.scan()
        let songs = try await search("bjork", songs: Page(size: 1)).songs
        #expect(songs.count == 1)
        #expect(songs.first?.track.id != first.track.id)
        #expect(try await search("bjork", songs: Page(size: 2)).songs.count == 2)
        #expect(try await search("bjork", songs: Page(size: 1, offset: 2)).songs.isEmpty)
        // The albums found are those of the Björk songs still present.
        let present = try await search("bjork").songs
        let albums = try await search("bjork", albums: Page(size: 3)).albums
        #expect(Set(albums.map(\.id)) == Set(present.compactMap(\.track.albumID)))
    }

    @Test func starredListsEachKindForItsUser() async throws {
        defer { harness.folder.remove() }
        let ann = try harness.addUser("ann")
        try harness.annotateTrack(try harness.trackID("Hunter"), user: ann, starredAt: 10)
        try harness.annotateTrack(try harness.trackID("Loose"), user: ann, starredAt: 20)
        try harness.annotateTrack(try harness.trackID("Jóga"), user: ann, rating: 5)
        try harness.annotateAlbum(try harness.albumID("Sampler"), user: ann, starredAt: 30)
        let air = try harness.artistID("Air")
        try harness.execute("INSERT INTO artist_annotation (user_id, artist_id, starred_at, rating) VALUES (\(ann), \(air), 40, 2)")

        let starred = try await harness.browse.starred(libraryID: nil, userID: ann)
        #expect(starred.songs.map(\.track.title) == ["Loose", "Hunter"])
        #expect(starred.albums.map(\.name) == ["Sampler"])
        #expect(starred.artists.map(\.name) == ["Air"])
        #expect(starred.artists.first?.annotation == Annotation(starredAt: Date(timeIntervalSince1970: 40), rating: 2))
        let none = try await harness.browse.starred(libraryID: nil, userID: User.localID)
        #expect(none.songs.isEmpty && none.albums.isEmpty && none.artists.isEmpty)
    }
}
