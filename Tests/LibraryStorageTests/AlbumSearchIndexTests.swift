@testable import LibraryCore
@testable import LibraryStorage
import Testing

@Suite("v23: album titles and album artists in a full-text index kept in step by triggers")
struct AlbumSearchIndexTests {
    /// The ids of albums whose folded title or album artist matches `match` in `album_search`.
    private func found(_ db: Connection, _ match: String) throws -> [Int64] {
        try db.values("SELECT rowid FROM album_search WHERE album_search MATCH \(match) ORDER BY rowid")
    }

    @Test func existingAlbumsAreIndexedFoldedWhenTheMigrationRuns() throws {
        let database = try Database.open(.inMemory, migrator: Fixture.migrator(before: "v23-album-search"))
        try database.write { db in
            try db.execute("""
                INSERT INTO album (id, group_key, title, album_artist) VALUES
                    (1, 'a', 'Homogénic', 'Björk'), (2, 'b', 'Ægir Sessions', 'Blur'), (3, 'c', 'Parklife', 'Blur');
                """)
            #expect(try Schema.migrator.migrate(db).first == "v23-album-search")
            #expect(try found(db, "homogenic") == [1])
            #expect(try found(db, "{album_artist_fold} : bjork") == [1])
            // Folded as TextFold folds the tracks' columns: "æ" is "ae".
            #expect(try found(db, "aegir") == [2])
            #expect(try found(db, "{album_artist_fold} : blur") == [2, 3])
            #expect(try found(db, "{title_fold} : blur").isEmpty)
            #expect(try found(db, "p*") == [3])
        }
    }

    @Test func theIndexFollowsAlbumInsertsRenamesAndDeletes() throws {
        let database = try Database.open(.inMemory)
        try database.write { db in
            try db.execute("""
                INSERT INTO album (id, group_key, title, album_artist) VALUES (1, 'a', 'Moon Safari', 'Air'), (2, 'b', 'Sunny', 'Sun Ra')
                """)
            #expect(try found(db, "moon") == [1])
            try db.execute("UPDATE album SET title = 'Sun Safari' WHERE id = 1")
            #expect(try found(db, "moon").isEmpty)
            #expect(try found(db, "{title_fold} : sun*") == [1, 2])
            try db.execute("UPDATE album SET album_artist = 'Ari' WHERE id = 1")
            #expect(try found(db, "air").isEmpty)
            #expect(try found(db, "ari") == [1])
            // A change of other columns leaves the entry alone; a new id moves it.
            try db.execute("UPDATE album SET title_sort = 'Safari, Sun' WHERE id = 1")
            #expect(try found(db, "safari") == [1])
            try db.execute("UPDATE album SET id = 7 WHERE id = 1")
            #expect(try found(db, "safari") == [7])
            try db.execute("DELETE FROM album WHERE id = 7")
            #expect(try found(db, "safari").isEmpty)
            #expect(try found(db, "sun*") == [2])
            #expect(try db.scalar("SELECT count(*) FROM album_search") == Int64(1))
            try db.execute("INSERT INTO album_search (album_search) VALUES ('integrity-check')")
        }
    }
}
