@testable import LibraryStorage
import Testing

@Suite("v24: the year index that duplicated track_album_by_year is dropped")
struct YearIndexMigrationTests {
    @Test func theIndexAndAnyDeferredDefinitionOfItGoAndYearQueriesUseTheAlbumYearIndex() throws {
        let database = try Database.open(.inMemory, migrator: Fixture.migrator(before: "v24-drop-redundant-year-index"))
        try database.write { db in
            let libraryID = try Fixture.insertLibrary(db)
            let folderID = try Fixture.insertFolder(db, libraryID: libraryID)
            for (number, year) in [(1, 1966), (2, 1971), (3, 1971)] {
                let id = try Fixture.insertTrack(db, libraryID: libraryID, folderID: folderID, path: "/music/a/\(number).flac")
                try db.execute("UPDATE track SET year = \(year) WHERE id = \(id)")
            }
            #expect(try Fixture.trackIndexNames(db).contains("track_by_year"))
            // As a first scan that stopped before its end leaves a deferred index recorded.
            try db.execute("INSERT INTO deferred_index (name, sql) VALUES ('track_by_year', 'CREATE INDEX track_by_year ON track(year)')")

            #expect(try Schema.migrator.migrate(db).first == "v24-drop-redundant-year-index")

            let names = try Fixture.trackIndexNames(db)
            #expect(!names.contains("track_by_year"))
            #expect(names.contains("track_album_by_year"))
            #expect(try db.scalar("SELECT count(*) FROM deferred_index WHERE name = 'track_by_year'") == 0 as Int64)
            let plan: [String] = try db.rows("EXPLAIN QUERY PLAN SELECT id FROM track WHERE year BETWEEN 1970 AND 1979").compactMap { $0[3] }
            #expect(plan.contains { $0.contains("USING COVERING INDEX track_album_by_year") })
            #expect(try db.values("SELECT id FROM track WHERE year BETWEEN 1970 AND 1979 ORDER BY id") == [2, 3] as [Int64])
        }
    }
}
