@testable import LibraryCore
@testable import LibraryStorage
import Testing

@Suite("v25: the genre list walks track_album_totals, and the index it used is dropped")
struct GenreIndexMigrationTests {
    @Test func theIndexAndAnyDeferredDefinitionOfItGoAndTheListAnswersTheSame() throws {
        let database = try Database.open(.inMemory, migrator: Fixture.migrator(before: "v25-drop-genre-pair-index"))
        try database.write { db in
            let libraryID = try Fixture.insertLibrary(db)
            let folderID = try Fixture.insertFolder(db, libraryID: libraryID)
            try db.execute("INSERT INTO album (id, group_key, title, album_artist) VALUES (1, 'one', 'One', 'A'), (2, 'two', 'Two', 'B')")
            for (number, album, genres) in [(1, "1", #"["Rock"]"#), (2, "1", #"["rock", "Pop"]"#), (3, "2", #"["Pop"]"#), (4, "NULL", #"["Jazz"]"#)] {
                let id = try Fixture.insertTrack(db, libraryID: libraryID, folderID: folderID, path: "/music/a/\(number).flac")
                try db.execute(SQL(sql: "UPDATE track SET album_id = \(album), genres = '\(genres)' WHERE id = \(id)"))
            }
            let before = try BrowseStore.genres(db)
            #expect(try Fixture.trackIndexNames(db).contains("track_by_genres_album"))
            // As a first scan that stopped before its end leaves a deferred index recorded.
            try db.execute("INSERT INTO deferred_index (name, sql) VALUES ('track_by_genres_album', 'CREATE INDEX track_by_genres_album ON track(genres, album_id, missing_since)')")

            #expect(try Schema.migrator.migrate(db).first == "v25-drop-genre-pair-index")

            #expect(!(try Fixture.trackIndexNames(db).contains("track_by_genres_album")))
            #expect(try db.scalar("SELECT count(*) FROM deferred_index WHERE name = 'track_by_genres_album'") == 0 as Int64)
            #expect(try BrowseStore.genres(db) == before)
            #expect(before == [
                BrowseGenre(name: "Jazz", songCount: 1, albumCount: 0),
                BrowseGenre(name: "Pop", songCount: 2, albumCount: 2),
                BrowseGenre(name: "Rock", songCount: 2, albumCount: 1),
            ])
        }
    }

    @Test func theListReadsTheTotalsIndexInAlbumOrderWithoutSorting() throws {
        let database = try Database.open(.inMemory)
        try database.read { db in
            let plan: [String] = try db.rows("""
                EXPLAIN QUERY PLAN SELECT album_id, genres FROM track INDEXED BY track_album_totals
                WHERE missing_since IS NULL ORDER BY album_id
                """).compactMap { $0[3] }
            #expect(plan.contains { $0.contains("SCAN track USING COVERING INDEX track_album_totals") }, "\(plan)")
            #expect(!plan.contains { $0.contains("TEMP B-TREE") }, "\(plan)")
        }
    }
}
