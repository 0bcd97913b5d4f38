@testable import LibraryStorage
import Testing

@Suite("Album totals over the v15 covering index")
struct AlbumTotalsIndexTests {
    @Test func albumTotalsWalkReadsOnlyTheCoveringIndexNotTrackRows() throws {
        let database = try Database.open(.inMemory)
        try database.read { db in
            var plan: [String] = []
            try db.forEach("EXPLAIN QUERY PLAN \(BrowseStore.albumTotalsQuery("[1, 2, 3]"))") { s in
                plan.append(s["detail"] ?? "")
            }
            #expect(plan.contains { $0.hasPrefix("SEARCH t USING COVERING INDEX track_album_totals (album_id=? AND missing_since=?)") },
                    "\(plan)")
        }
    }
}
