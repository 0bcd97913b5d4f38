import Foundation
import LibraryCore
import LibraryServices
import Testing
import TestSupport

@Suite("Album lists: every type, paged, per user")
struct BrowseAlbumListTests {
    let harness: BrowseHarness

    init() async throws {
        harness = try await BrowseFixture.scanned()
    }

    private func names(_ type: AlbumListType, size: Int = 10, offset: Int = 0, user: Int64 = User.localID) async throws -> [String] {
        try await harness.browse.albumList(type, page: Page(size: size, offset: offset), libraryID: nil, userID: user).map(\.name)
    }

    @Test func alphabeticalListsArePaged() async throws {
        defer { harness.folder.remove() }
        #expect(try await names(.alphabeticalByName) == BrowseFixture.albums)
        #expect(try await names(.alphabeticalByName, size: 2, offset: 1) == ["Homogenic", "Moon Safari"])
        #expect(try await names(.alphabeticalByName, size: 2, offset: 9).isEmpty)
        #expect(try await names(.alphabeticalByName, size: 0).isEmpty)
        // By album artist: Air, Björk, The Beatles (sorted as written), Various Artists.
        #expect(try await names(.alphabeticalByArtist) == ["Moon Safari", "Homogenic", "Abbey Road", "Sampler"])
        #expect(Set(try await names(.random)) == Set(BrowseFixture.albums))
    }

    @Test func byYearRunsBothWays() async throws {
        defer { harness.folder.remove() }
        #expect(try await names(.byYear(from: 1990, to: 2000)) == ["Homogenic", "Moon Safari", "Sampler"])
        #expect(try await names(.byYear(from: 2000, to: 1990)) == ["Sampler", "Moon Safari", "Homogenic"])
        #expect(try await names(.byYear(from: 2000, to: 1990), size: 1, offset: 1) == ["Moon Safari"])
        #expect(try await names(.byYear(from: 1900, to: 1950)).isEmpty)
    }

    @Test func byGenreMatchesAnyOfAnAlbumsGenres() async throws {
        defer { harness.folder.remove() }
        #expect(try await names(.byGenre("electronic")) == ["Homogenic", "Moon Safari"])
        #expect(try await names(.byGenre("Pop")) == ["Abbey Road"])
        #expect(try await names(.byGenre("Jazz")).isEmpty)
        #expect(try await names(.byGenre("\"*")).isEmpty)
    }

    @Test func newestIsTheMostRecentlyAddedAlbumFirst() async throws {
        defer { harness.folder.remove() }
        try harness.write("New/1.mp3", FakeTagReader.track("Fresh", artist: "Newcomer", album: "Newcomer", year: 2024))
        try await harness.scan()
        let newest = try await names(.newest)
        #expect(newest.first == "Newcomer")
        #expect(Set(newest) == Set(BrowseFixture.albums + ["Newcomer"]))
        #expect(try await names(.newest, size: 2, offset: 1).count == 2)
        #expect(!(try await names(.newest, size: 2, offset: 1)).contains("Newcomer"))
    }

    @Test func annotatedListsBelongToTheirUser() async throws {
        defer { harness.folder.remove() }
        let ann = try harness.addUser("ann")
        let bob = try harness.addUser("bob")
        try harness.annotateAlbum(try harness.albumID("Homogenic"), user: ann, starredAt: 100, rating: 3, plays: 2, lastPlayed: 500)
        try harness.annotateAlbum(try harness.albumID("Abbey Road"), user: ann, starredAt: 200, rating: 5, plays: 9, lastPlayed: 400)
        try harness.annotateAlbum(try harness.albumID("Sampler"), user: ann, plays: 1, lastPlayed: 900)
        try harness.annotateAlbum(try harness.albumID("Moon Safari"), user: bob, starredAt: 50, rating: 1, plays: 1, lastPlayed: 1)

        #expect(try await names(.starred, user: ann) == ["Abbey Road", "Homogenic"])
        #expect(try await names(.highest, user: ann) == ["Abbey Road", "Homogenic"])
        #expect(try await names(.frequent, user: ann) == ["Abbey Road", "Homogenic", "Sampler"])
        #expect(try await names(.recent, user: ann) == ["Sampler", "Homogenic", "Abbey Road"])
        #expect(try await names(.recent, size: 1, offset: 1, user: ann) == ["Homogenic"])
        #expect(try await names(.starred, user: bob) == ["Moon Safari"])
        #expect(try await names(.starred).isEmpty)

        let abbey = try #require(try await harness.browse.albumList(.starred, page: Page(size: 1), libraryID: nil, userID: ann).first)
        #expect(abbey.annotation.rating == 5)
        #expect(abbey.annotation.playCount == 9)
        #expect(abbey.annotation.starredAt == Date(timeIntervalSince1970: 200))
    }

    @Test func aMusicFolderLimitsListsSearchAndTheFolderTop() async throws {
        defer { harness.folder.remove() }
        let other = try TemporaryDirectory("browse-other")
        defer { other.remove() }
        try other.write("x.mp3", FakeTagReader.file(FakeTagReader.track("Elsewhere", artist: "Air", album: "Talkie Walkie", year: 2004)))
        _ = try await harness.scanner.run(other.url.path, name: "Other")
        let otherID = try requireValue(harness.database.read { try $0.scalar("SELECT id FROM library WHERE name = 'Other'") as Int64? }, "library")

        let inOther = try await harness.browse.albumList(.alphabeticalByName, page: Page(size: 10), libraryID: otherID, userID: 1)
        #expect(inOther.map(\.name) == ["Talkie Walkie"])
        #expect(try await names(.alphabeticalByName).count == 5)
        #expect(try await harness.browse.albumList(.newest, page: Page(size: 10), libraryID: otherID, userID: 1).map(\.name) == ["Talkie Walkie"])
        let search = try await harness.browse.search(BrowseSearchRequest(text: "air", libraryID: otherID), userID: 1)
        #expect(search.songs.map(\.track.title) == ["Elsewhere"])
        let top = try await harness.browse.topFolders(libraryID: otherID, userID: 1)
        #expect(top.songs.map(\.track.title) == ["Elsewhere"])
        #expect(top.index.isEmpty)
    }
}
