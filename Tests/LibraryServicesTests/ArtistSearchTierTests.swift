import Foundation
import LibraryCore
@testable import LibraryServices
import LibraryStorage
import Testing
import TestSupport

@Suite("Artist search tiers: names found in the artist index, ordered by the first matching credit")
struct ArtistSearchTierTests {
    let harness: BrowseHarness

    /// Guest credits (second artists) come before the tracks where the same names lead, so a
    /// name's place in the "starts with" tier is its first track whose artist or album artist
    /// starts with the words.
    init() async throws {
        harness = try BrowseHarness()
        let tracks: [(String, [String], String?)] = [
            ("a/1.mp3", ["Xavier", "Moonbeam"], nil),
            ("b/1.mp3", ["Moon Unit", "Moonbeam"], nil),
            ("c/1.mp3", ["Yonder"], "Moonshine Various"),
            ("d/1.mp3", ["Moonbeam"], nil),
            ("e/1.mp3", ["Harvest Moon"], nil),
            ("f/1.mp3", ["Zed", "Moonrise"], "Moonshine Various"),
            ("g/1.mp3", ["Blue Moonrise"], nil),
            ("h/1.mp3", ["Moonrise"], nil),
        ]
        for (path, artists, albumArtist) in tracks {
            var metadata = FakeTagReader.track(String(path.prefix(1)), artist: artists[0], album: "Album " + path.prefix(1), albumArtist: albumArtist)
            metadata.artists = artists
            try harness.write(path, metadata)
        }
        try await harness.scan()
    }

    private func names(_ text: String, _ page: Page = Page(size: 20), nameLimit: Int = BrowseStore.artistNameLimit) throws -> [String] {
        try harness.database.read { db in
            var facts = SearchFacts()
            return try BrowseStore.searchArtists(
                try SearchQuery.parse(text), page: page, libraryID: nil, userID: User.localID, nameLimit: nameLimit, facts: &facts, db)
        }.map(\.name)
    }

    @Test func aTierOrdersNamesByTheirFirstTrackMatchingThatTier() throws {
        defer { harness.folder.remove() }
        // Starts with "moon": Moon Unit (b), its guest Moonbeam (b, second credit; a does
        // not start with "moon"), Moonshine Various (c, album artist), Moonrise (a guest on f,
        // whose album artist starts with "moon"); then whole words: Harvest Moon (e); then
        // prefixes: Blue Moonrise (g).
        #expect(try names("moon") == ["Moon Unit", "Moonbeam", "Moonshine Various", "Moonrise", "Harvest Moon", "Blue Moonrise"])
        #expect(try names("moon", Page(size: 2, offset: 3)) == ["Moonrise", "Harvest Moon"])
        #expect(try names("moonr") == ["Moonrise", "Blue Moonrise"])
        #expect(try names("moonshine") == ["Moonshine Various"])
        #expect(try names("nothing here").isEmpty)
    }

    @Test func namesFromTheIndexComeInTheOrderOfTheTrackWalk() throws {
        defer { harness.folder.remove() }
        for text in ["moon", "moo", "m", "moonbeam", "moonr", "various", "moonshine v", "harvest", "blue moon", "x", "zzz"] {
            for page in [Page(size: 20), Page(size: 1), Page(size: 2, offset: 1), Page(size: 3, offset: 4)] {
                #expect(try names(text, page) == names(text, page, nameLimit: 0), "\(text) \(page)")
            }
        }
    }

    /// A walk that meets tracks shows the artist columns hold the words, so the album and
    /// song searches after it skip their probe of those columns; a name found only through
    /// the artist index shows nothing about the tracks.
    @Test func aTrackWalkTellsLaterSearchesTheArtistColumnsMatch() throws {
        defer { harness.folder.remove() }
        func facts(_ text: String, nameLimit: Int) throws -> SearchFacts {
            try harness.database.read { db in
                var facts = SearchFacts()
                _ = try BrowseStore.searchArtists(
                    try SearchQuery.parse(text), page: Page(size: 20), libraryID: nil, userID: User.localID,
                    nameLimit: nameLimit, facts: &facts, db)
                return facts
            }
        }
        let artistColumns = ["artist_fold", "album_artist_fold"]
        #expect(try facts("moon", nameLimit: 0).anyMatch(in: artistColumns) == true)
        #expect(try facts("moon", nameLimit: 0).anyMatch(in: ["album_fold", "album_artist_fold", "artist_fold"]) == true)
        #expect(try facts("moon", nameLimit: 0).anyMatch(in: ["title_fold"]) == nil)
        #expect(try facts("zzz", nameLimit: 0).anyMatch(in: artistColumns) == nil)
        #expect(try facts("moon", nameLimit: BrowseStore.artistNameLimit).anyMatch(in: artistColumns) == nil)
    }

    @Test func aRemovedTrackNoLongerPlacesItsNames() async throws {
        defer { harness.folder.remove() }
        try FileManager.default.removeItem(atPath: harness.folder.path("b/1.mp3"))
        try await harness.scan()
        // Moonbeam is now first met on d, after Moonshine Various (c).
        #expect(try names("moon") == ["Moonshine Various", "Moonbeam", "Moonrise", "Harvest Moon", "Blue Moonrise"])
        #expect(try names("moon") == names("moon", nameLimit: 0))
    }
}
