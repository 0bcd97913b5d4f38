import Foundation
import LibraryCore
@testable import LibraryStorage
import Testing

@Suite("What one search learns about where its words match spares later queries")
struct SearchFactsTests {
    @Test func aMatchHoldsForMoreColumnsAndNoMatchForFewer() {
        var facts = SearchFacts()
        #expect(facts.anyMatch(in: ["title_fold"]) == nil)
        facts.note(true, in: ["album_artist_fold"])
        #expect(facts.anyMatch(in: ["artist_fold", "album_artist_fold"]) == true)
        #expect(facts.anyMatch(in: ["album_artist_fold"]) == true)
        #expect(facts.anyMatch(in: ["artist_fold"]) == nil)
        facts.note(false, in: ["album_fold", "album_artist_fold", "artist_fold"])
        #expect(facts.anyMatch(in: ["album_fold"]) == false)
        #expect(facts.anyMatch(in: ["artist_fold"]) == false)
        #expect(facts.anyMatch(in: ["title_fold", "album_fold"]) == nil)
    }

    /// "blue" is in a title (1), an artist (3) and an album title (2); "zzz" nowhere.
    private func fixture() throws -> QueryFixture {
        try QueryFixture([
            QueryFixture.Row(id: 1, title: "Blue Train", artists: ["Coltrane"], album: "Trane", path: "/m/1.mp3"),
            QueryFixture.Row(id: 2, title: "Other", artists: ["Someone"], album: "Blue Album", path: "/m/2.mp3"),
            QueryFixture.Row(id: 3, title: "Song", artists: ["Blue Man"], album: "Group", path: "/m/3.mp3"),
        ])
    }

    private func songs(_ text: String, _ facts: inout SearchFacts, _ fixture: QueryFixture) throws -> [Int64] {
        let query = try SearchQuery.parse(text)
        return try fixture.database.read { db in
            try BrowseStore.searchSongIDs(query, page: Page(size: 10), libraryID: nil, facts: &facts, db)
        }
    }

    @Test func songTiersNoteWhatTheyFindAndSkipWhatFactsRuleOut() throws {
        let fixture = try fixture()
        var fresh = SearchFacts()
        #expect(try songs("blue", &fresh, fixture) == [1, 3, 2])
        #expect(fresh.anyMatch(in: ["title_fold"]) == true)
        #expect(fresh.anyMatch(in: ["artist_fold", "album_artist_fold"]) == true)

        var nothing = SearchFacts()
        #expect(try songs("zzz", &nothing, fixture).isEmpty)
        // The title probe found nothing, and said so.
        #expect(nothing.anyMatch(in: ["title_fold"]) == false)

        // A group the facts rule out is not walked: the title's song comes last, found only by
        // the tier of any column.
        var ruledOut = SearchFacts()
        ruledOut.note(false, in: ["title_fold"])
        #expect(try songs("blue", &ruledOut, fixture) == [3, 2, 1])
    }
}
