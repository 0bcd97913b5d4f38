@testable import LibraryCore
@testable import LibraryStorage
import Testing

/// `/api/v1` track pages: the default order read from `track_in_default_order` (v17) and a
/// search page ranked before its rows are read, both giving the rows they gave before.
@Suite("Track pages over the v17 default-order index")
struct APIIndexesTests {
    private static let defaultOrder = LibraryCore.SortOrder.defaultOrder(for: .tracks).sql(for: .tracks)

    @Test func aPageInTheDefaultOrderWalksTheIndexWithoutSorting() throws {
        let database = try Database.open(.inMemory)
        try database.read { db in
            let plan = try queryPlan("\(TrackStore.selectFrom) WHERE (1) AND t.missing_since IS NULL ORDER BY \(sql: Self.defaultOrder) LIMIT 500", db)
            #expect(plan.first == "SCAN t USING INDEX track_in_default_order", "\(plan)")
            #expect(!plan.contains { $0.contains("TEMP B-TREE") }, "\(plan)")
        }
    }

    @Test func everyPageInTheDefaultOrderIsTheSortedTablesPage() throws {
        let (database, library, folder) = try Fixture.libraryWithFolder()
        let names = ["björk", "Björk", "abba", "ABBA", nil, "Zed", "zed", "Ärzte", ""]
        let (pages, sorted) = try database.write { db in
            for n in 0..<90 {
                let id = try Fixture.insertTrack(db, libraryID: library, folderID: folder, path: "/m/a/\(n).flac", title: n % 2 == 0 ? "t\(n % 5)" : "T\(n % 5)")
                try db.execute("""
                    UPDATE track SET album_artist = \(names[n % names.count]), artist = \(names[(n + 3) % names.count]),
                        artist_sort = \(n % 4 == 0 ? "sorted" : nil), album = \(n % 6 == 0 ? nil : "Album \(n % 3)"),
                        album_sort = \(n % 8 == 0 ? "a" : nil), disc_number = \(n % 3 == 0 ? nil : n % 2),
                        track_number = \(n % 4 == 1 ? nil : (n * 7) % 5), title_sort = \(n % 9 == 0 ? "t" : nil),
                        missing_since = \(n % 10 == 0 ? 5 : nil)
                    WHERE id = \(id)
                    """)
            }
            let pages = try (0...92).map { limit in
                try TrackStore.tracks(where: "1", orderBy: Self.defaultOrder, limit: limit, includeMissing: false, db).map(\.id)
            }
            // The order without the index: the table read and sorted.
            let sorted: [Int64] = try db.values("""
                SELECT t.id FROM track t NOT INDEXED WHERE t.missing_since IS NULL ORDER BY \(sql: Self.defaultOrder)
                """)
            return (pages, sorted)
        }
        #expect(sorted.count == 81)
        for (limit, page) in pages.enumerated() {
            #expect(page == Array(sorted.prefix(limit)), "limit \(limit)")
        }
    }

    @Test func aSearchPageIsTheFirstRowsOfTheWholeRanking() throws {
        let (database, library, folder) = try Fixture.libraryWithFolder()
        let titles = ["love", "love love", "the love song", "a long title about love and more", "love", "Lovely", "no match"]
        let (pages, whole, missing) = try database.write { db in
            var missing: Set<Int64> = []
            for n in 0..<40 {
                let title = titles[n % titles.count]
                let id = try Fixture.insertTrack(db, libraryID: library, folderID: folder, path: "/m/a/\(n).flac", title: title)
                // The folded text the search index reads (the update trigger reindexes it).
                try db.execute("UPDATE track SET title_fold = \(title.lowercased()), artist_fold = \(n % 5 == 0 ? "love" : "x") WHERE id = \(id)")
                if n % 9 == 4 {
                    try db.execute("UPDATE track SET missing_since = 1 WHERE id = \(id)")
                    missing.insert(id)
                }
            }
            let query = try SearchQuery.parse("love")
            let pages = try (0...42).map { try TrackStore.search(query, limit: $0, db).map(\.id) }
            return (pages, try TrackStore.search(query, limit: nil, db).map(\.id), missing)
        }
        #expect(whole.count == 33 && missing.isDisjoint(with: whole), "\(whole.count) matches")
        for (limit, page) in pages.enumerated() {
            #expect(page == Array(whole.prefix(limit)), "limit \(limit)")
        }
    }

    @Test func aSearchPageIsFullWhenTheBestMatchesAreMissing() throws {
        let (database, library, folder) = try Fixture.libraryWithFolder()
        let (pages, whole, missing) = try database.write { db in
            var missing: [Int64] = []
            for n in 0..<30 {
                // The first twelve match best ("love love love"), and are missing.
                let title = n < 12 ? "love love love" : n % 2 == 0 ? "love song" : "a long title about love and more"
                let id = try Fixture.insertTrack(db, libraryID: library, folderID: folder, path: "/m/a/\(n).flac", title: title)
                try db.execute("UPDATE track SET title_fold = \(title) WHERE id = \(id)")
                if n < 12 {
                    try db.execute("UPDATE track SET missing_since = 1 WHERE id = \(id)")
                    missing.append(id)
                }
            }
            let query = try SearchQuery.parse("love")
            let ranking: [Int64] = try db.values("SELECT rowid FROM track_search WHERE \(query.match()) ORDER BY rank, rowid LIMIT 12")
            #expect(Set(ranking) == Set(missing), "the missing tracks rank first")
            let pages = try [1, 5, 17, 18, 19].map { try TrackStore.search(query, limit: $0, db).map(\.id) }
            return (pages, try TrackStore.search(query, limit: nil, db).map(\.id), missing)
        }
        #expect(whole.count == 18 && Set(missing).isDisjoint(with: whole))
        for (limit, page) in zip([1, 5, 17, 18, 19], pages) {
            #expect(page == Array(whole.prefix(limit)), "limit \(limit)")
        }
    }

    private func queryPlan(_ sql: SQL, _ db: Connection) throws -> [String] {
        var details: [String] = []
        try db.forEach("EXPLAIN QUERY PLAN \(sql)") { s in details.append(s["detail"] ?? "") }
        return details
    }
}
