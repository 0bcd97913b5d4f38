import Foundation
import LibraryCore
import LibraryServices
import Testing
import TestSupport

@Suite("Search ranks by tiers: titles first, starting with the words, then whole words, then prefixes; each tier by id")
struct BrowseSearchRankingTests {
    let harness: BrowseHarness

    /// Every track matches "moon" in one main place: a title (at its start, a whole word, a
    /// prefix), an artist (at its start, a whole word, a prefix), an album title (at its
    /// start, a prefix), a genre. The files are scanned in path order, so ids run a, b, c...
    init() async throws {
        harness = try BrowseHarness()
        try harness.write("a/1.mp3", FakeTagReader.track("Intro", artist: "Moonlight Orchestra", album: "Nights"))
        try harness.write("b/1.mp3", FakeTagReader.track("Blue Moon Rising", artist: "Xavier", album: "Yonder"))
        try harness.write("c/1.mp3", FakeTagReader.track("Moonage Daydream", artist: "Bowie", album: "Full Moonbeams"))
        try harness.write("d/1.mp3", FakeTagReader.track("Other", artist: "Zed", album: "Moon Safari"))
        try harness.write("e/1.mp3", FakeTagReader.track("Song", artist: "Wes", album: "Quiet", genres: ["Moon Rock"]))
        try harness.write("f/1.mp3", FakeTagReader.track("Tune", artist: "Harvest Moon", album: "Fields"))
        try harness.write("g/1.mp3", FakeTagReader.track("Dark Moonlight", artist: "Eclipse Moonwalkers", album: "Tides"))
        try harness.write("h/1.mp3", FakeTagReader.track("Zenith", artist: "Moon", album: "Orbit", albumArtist: "Moon"))
        try await harness.scan()
    }

    private func search(_ text: String, artists: Page = Page(size: 20), albums: Page = Page(size: 20), songs: Page = Page(size: 20)) async throws -> BrowseSearchResult {
        try await harness.browse.search(BrowseSearchRequest(text: text, artists: artists, albums: albums, songs: songs), userID: User.localID)
    }

    @Test func songsComeByTitleThenArtistThenAlbumThenAnyColumn() async throws {
        defer { harness.folder.remove() }
        let found = try await search("moon")
        #expect(found.songs.map(\.track.title) == [
            "Moonage Daydream", "Blue Moon Rising", "Dark Moonlight", "Intro", "Zenith", "Tune", "Other", "Song",
        ])
        // Pages cut the same order, across tiers.
        let page = try await search("moon", songs: Page(size: 2, offset: 2))
        #expect(page.songs.map(\.track.title) == ["Dark Moonlight", "Intro"])
        #expect(try await search("moon", songs: Page(size: 5, offset: 7)).songs.map(\.track.title) == ["Song"])
    }

    /// Titles first, then album artists starting with the words (an untagged album artist is
    /// the track artist), then the rest, each tier by album id.
    @Test func albumsComeByTitleThenByArtist() async throws {
        defer { harness.folder.remove() }
        let found = try await search("moon")
        #expect(found.albums.map(\.name) == ["Moon Safari", "Full Moonbeams", "Nights", "Orbit", "Fields", "Tides"])
        #expect(try await search("moon", albums: Page(size: 1, offset: 2)).albums.map(\.name) == ["Nights"])
        #expect(try await search("moon", albums: Page(size: 2, offset: 4)).albums.map(\.name) == ["Fields", "Tides"])
    }

    /// A compilation whose title and album artist do not hold the words is found through a
    /// track artist that does, after every album whose own names hold them; an album with no
    /// present track is not found.
    @Test func aCompilationIsFoundThroughItsTracksArtistsAfterTheAlbumsOwnNames() async throws {
        defer { harness.folder.remove() }
        try harness.write("i/1.mp3", FakeTagReader.track("One", artist: "Moonshiners", album: "Mix", albumArtist: "Various Artists"))
        try harness.write("i/2.mp3", FakeTagReader.track("Two", artist: "Duo Pair", album: "Mix", albumArtist: "Various Artists"))
        try harness.write("j/1.mp3", FakeTagReader.track("Lost", artist: "Anyone", album: "Moonfall"))
        try await harness.scan()
        try FileManager.default.removeItem(atPath: harness.folder.path("j/1.mp3"))
        try await harness.scan()
        let albums = try await search("moon").albums.map(\.name)
        #expect(albums == ["Moon Safari", "Full Moonbeams", "Nights", "Orbit", "Fields", "Tides", "Mix"])
        #expect(try await search("moonf").albums.isEmpty)
        #expect(try await search("moonshiners mix").albums.map(\.name) == ["Mix"])
    }

    @Test func artistsComeByEqualNameThenStartThenWholeWordsThenPrefix() async throws {
        defer { harness.folder.remove() }
        #expect(try await search("moon").artists.map(\.name) == ["Moon", "Moonlight Orchestra", "Harvest Moon", "Eclipse Moonwalkers"])
        #expect(try await search("moon", artists: Page(size: 1, offset: 2)).artists.map(\.name) == ["Harvest Moon"])
        #expect(try await search("harvest moon").artists.map(\.name) == ["Harvest Moon"])
        #expect(try await search("moonl").artists.map(\.name) == ["Moonlight Orchestra"])
    }

    /// An album artist credits other names on every track; those are walked past, and an
    /// artist is found only through a present track, at that track's place in its tier.
    @Test func artistsAreFoundOnlyThroughPresentTracksCreditingAMatchingName() async throws {
        defer { harness.folder.remove() }
        try harness.write("i/1.mp3", FakeTagReader.track("One", artist: "Solo Singer", album: "Mix", albumArtist: "Moonshine Various"))
        try harness.write("i/2.mp3", FakeTagReader.track("Two", artist: "Duo Pair", album: "Mix", albumArtist: "Moonshine Various"))
        try harness.write("j/1.mp3", FakeTagReader.track("Lost", artist: "Moonstruck", album: "Gone"))
        try harness.write("k/1.mp3", FakeTagReader.track("Gone Too", artist: "Moonrise", album: "Gone Too"))
        try harness.write("l/1.mp3", FakeTagReader.track("Back", artist: "Moonrise", album: "Back"))
        try await harness.scan()
        try FileManager.default.removeItem(atPath: harness.folder.path("j/1.mp3"))
        try FileManager.default.removeItem(atPath: harness.folder.path("k/1.mp3"))
        try await harness.scan()
        #expect(try await search("moon").artists.map(\.name) == [
            "Moon", "Moonlight Orchestra", "Moonshine Various", "Moonrise", "Harvest Moon", "Eclipse Moonwalkers",
        ])
        #expect(try await search("moonst").artists.isEmpty)
        #expect(try await search("moonshine vari").artists.map(\.name) == ["Moonshine Various"])
        #expect(try await search("moon", artists: Page(size: 2, offset: 3)).artists.map(\.name) == ["Moonrise", "Harvest Moon"])
    }

    @Test func wordsSpreadOverColumnsStillFindTheSong() async throws {
        defer { harness.folder.remove() }
        let found = try await search("tune harvest")
        #expect(found.songs.map(\.track.title) == ["Tune"])
        #expect(found.albums.isEmpty)
        #expect(found.artists.isEmpty)
    }
}
