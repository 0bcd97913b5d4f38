import Foundation
import LibraryCore
import LibraryServices
import Testing
import TestSupport

@Suite("Browsing artists, albums, songs and genres")
struct BrowseServiceTests {
    let harness: BrowseHarness

    init() async throws {
        harness = try await BrowseFixture.scanned()
    }

    @Test func theArtistIndexGroupsAlbumArtistsByLetterIgnoringArticles() async throws {
        defer { harness.folder.remove() }
        let index = try await harness.browse.artistIndex(libraryID: nil, userID: User.localID)
        #expect(index.map(\.name) == ["A", "B", "V"])
        #expect(index.map { $0.items.map(\.name) } == [["Air"], ["The Beatles", "Björk"], ["Various Artists"]])
        #expect(index[1].items.map(\.albumCount) == [1, 1])
    }

    @Test func anAlbumListsItsPresentSongsInTrackOrder() async throws {
        defer { harness.folder.remove() }
        let detail = try await harness.browse.album(id: try harness.albumID("Homogenic"), userID: User.localID)
        #expect(detail.songs.map(\.track.title) == ["Hunter", "Jóga"])
        #expect(detail.album.songCount == 2)
        #expect(detail.album.year == 1997)
        #expect(detail.album.durationMs == 360_000)
        #expect(detail.album.genres.map { $0.lowercased() } == ["electronic"])
        #expect(detail.album.artist == "Björk")
        #expect(detail.album.artists == [ArtistReference(id: try harness.artistID("Björk"), name: "Björk")])
        #expect(detail.songs[0].artists.map(\.name) == ["Björk"])

        try FileManager.default.removeItem(atPath: harness.folder.path("Björk/Homogenic/a.mp3"))
        try await harness.scan()
        let after = try await harness.browse.album(id: try harness.albumID("Homogenic"), userID: User.localID)
        #expect(after.songs.map(\.track.title) == ["Jóga"])
        #expect(after.album.songCount == 1)
        let hunter = try harness.trackID("Hunter")
        await #expect(throws: LibraryError(.notFound, "No song with id \(hunter).")) {
            _ = try await harness.browse.song(id: hunter, userID: User.localID)
        }
    }

    @Test func anAlbumsTotalsAndGenresComeFromItsPresentTracks() async throws {
        defer { harness.folder.remove() }
        let albums = try await harness.browse.albumList(.alphabeticalByName, page: Page(size: 10), libraryID: nil, userID: User.localID)
        #expect(albums.map(\.name) == BrowseFixture.albums)
        // Each genre once up to case, in track then tag order, in its bytewise least spelling.
        #expect(albums.map(\.genres) == [["Rock", "Pop"], ["Electronic"], ["Electronic"], []])
        #expect(albums.map(\.songCount) == [2, 2, 1, 1])
        #expect(albums.map(\.year) == [1969, 1997, 1998, 2000])
        let abbey = try #require(albums.first)
        #expect(abbey.durationMs == 2 * 180_000)
        #expect(abbey.createdAt.timeIntervalSince1970 > 0)
    }

    @Test func anAlbumWhoseTracksAreAllMissingIsNeverListed() async throws {
        defer { harness.folder.remove() }
        let air = try harness.albumID("Moon Safari")
        try FileManager.default.removeItem(atPath: harness.folder.path("Air/Moon Safari/1.mp3"))
        try await harness.scan()
        let names = try await harness.browse.albumList(.alphabeticalByName, page: Page(size: 10), libraryID: nil, userID: 1).map(\.name)
        #expect(names == ["Abbey Road", "Homogenic", "Sampler"])
        await #expect(throws: LibraryError.self) { _ = try await harness.browse.album(id: air, userID: User.localID) }
        let index = try await harness.browse.artistIndex(libraryID: nil, userID: User.localID)
        #expect(!index.flatMap(\.items).map(\.name).contains("Air"))
    }

    @Test func anArtistListsTheAlbumsTheyAreTheAlbumArtistOf() async throws {
        defer { harness.folder.remove() }
        let detail = try await harness.browse.artist(id: try harness.artistID("Björk"), userID: User.localID)
        #expect(detail.artist.name == "Björk")
        #expect(detail.albums.map(\.name) == ["Homogenic"])
        await #expect(throws: LibraryError(.notFound, "No artist with id 9999.")) {
            _ = try await harness.browse.artist(id: 9999, userID: User.localID)
        }
    }

    @Test func genresCountEveryValueOnceAcrossCase() async throws {
        defer { harness.folder.remove() }
        let genres = try await harness.browse.genres()
        #expect(genres.map(\.name) == ["Electronic", "Pop", "Rock"])
        #expect(genres.map(\.songCount) == [3, 1, 2])
        #expect(genres.map(\.albumCount) == [2, 1, 1])
    }

    @Test func songsOfAGenreArePagedAndMatchWholeGenres() async throws {
        defer { harness.folder.remove() }
        let all = try await harness.browse.songs(genre: "ELECTRONIC", page: Page(size: 10), libraryID: nil, userID: 1)
        #expect(Set(all.map(\.track.title)) == ["Hunter", "Jóga", "La femme d'argent"])
        let second = try await harness.browse.songs(genre: "electronic", page: Page(size: 2, offset: 2), libraryID: nil, userID: 1)
        #expect(second.count == 1)
        #expect(try await harness.browse.songs(genre: "Electro", page: Page(size: 10), libraryID: nil, userID: 1).isEmpty)
        #expect(try await harness.browse.songs(genre: "Pop", page: Page(size: 10), libraryID: nil, userID: 1).map(\.track.title) == ["Something"])
    }

    @Test func randomSongsHonourGenreYearsAndSize() async throws {
        defer { harness.folder.remove() }
        let some = try await harness.browse.randomSongs(RandomSongsRequest(size: 3), userID: 1)
        #expect(some.count == 3)
        #expect(Set(some.map(\.track.id)).count == 3)
        let electronic = try await harness.browse.randomSongs(RandomSongsRequest(size: 10, genre: "Electronic", fromYear: 1998), userID: 1)
        #expect(electronic.map(\.track.title) == ["La femme d'argent"])
        let sixties = try await harness.browse.randomSongs(RandomSongsRequest(size: 10, fromYear: 1970, toYear: 1960), userID: 1)
        #expect(Set(sixties.map(\.track.title)) == ["Come Together", "Something"])
    }

    @Test func songsCarryTheirFolderArtistsAndTheUsersMarks() async throws {
        defer { harness.folder.remove() }
        let user = try harness.addUser("ann")
        let id = try harness.trackID("Army of Me")
        try harness.annotateTrack(id, user: user, starredAt: 1_700_000_000, rating: 4, plays: 7, lastPlayed: 1_700_000_100)
        let song = try await harness.browse.song(id: id, userID: user)
        #expect(song.annotation == Annotation(
            starredAt: Date(timeIntervalSince1970: 1_700_000_000), rating: 4, playCount: 7,
            lastPlayedAt: Date(timeIntervalSince1970: 1_700_000_100)))
        #expect(song.artists.map(\.name) == ["Björk"])
        #expect(song.albumArtists.map(\.name) == ["Various Artists"])
        #expect(song.folderID > 0)
        #expect(try await harness.browse.song(id: id, userID: User.localID).annotation == .none)
    }
}
