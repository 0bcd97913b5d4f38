@testable import LibraryCore
@testable import LibraryStorage
import Testing

@Suite("v16: artist names in a full-text index kept in step by triggers")
struct ArtistSearchIndexTests {
    /// The ids of artists whose folded name matches `match` in `artist_search`.
    private func found(_ db: Connection, _ match: String) throws -> [Int64] {
        try db.values("SELECT rowid FROM artist_search WHERE artist_search MATCH \(match) ORDER BY rowid")
    }

    @Test func existingArtistsAreIndexedFoldedWhenTheMigrationRuns() throws {
        let database = try Database.open(.inMemory, migrator: Fixture.migrator(before: "v16-artist-search"))
        try database.write { db in
            try db.execute("""
                INSERT INTO artist (id, name, name_key) VALUES (1, 'Björk', 'björk'), (2, 'Æther Bløk', 'æther bløk'), (3, 'Blur', 'blur');
                """)
            try Schema.migrator.migrate(db)
            #expect(try found(db, "bjork") == [1])
            // Folded as TextFold folds the tracks' columns: "æ" is "ae", "ø" is "o".
            #expect(try found(db, "aeth*") == [2])
            #expect(try found(db, "blok") == [2])
            #expect(try found(db, "bl*") == [2, 3])
        }
    }

    @Test func theIndexFollowsArtistInsertsRenamesAndDeletes() throws {
        let database = try Database.open(.inMemory)
        try database.write { db in
            try db.execute("INSERT INTO artist (id, name, name_key) VALUES (1, 'Moon Safari', 'moon safari'), (2, 'Sunny', 'sunny')")
            #expect(try found(db, "moon") == [1])
            try db.execute("UPDATE artist SET name = 'Sun Safari', name_key = 'sun safari' WHERE id = 1")
            #expect(try found(db, "moon").isEmpty)
            #expect(try found(db, "sun*") == [1, 2])
            // A change of other columns leaves the entry alone; a new id moves it.
            try db.execute("UPDATE artist SET sort_name = 'Safari, Sun' WHERE id = 1")
            #expect(try found(db, "safari") == [1])
            try db.execute("UPDATE artist SET id = 7 WHERE id = 1")
            #expect(try found(db, "safari") == [7])
            try db.execute("DELETE FROM artist WHERE id = 7")
            #expect(try found(db, "safari").isEmpty)
            #expect(try found(db, "sun*") == [2])
            #expect(try db.scalar("SELECT count(*) FROM artist_search") == Int64(1))
            try db.execute("INSERT INTO artist_search (artist_search) VALUES ('integrity-check')")
        }
    }

    @Test func kanoraFoldIsTextFoldAndKeepsNull() throws {
        let database = try Database.open(.inMemory)
        let texts = ["Björk", "ÆTHER", "Straße", "ＡＢＣ", "plain", ""]
        let (folded, null) = try database.read { db in
            let folded: [String?] = try texts.map { text throws(DatabaseError) in try db.scalar("SELECT kanora_fold(\(text))") }
            let null: Int64? = try db.scalar("SELECT kanora_fold(NULL) IS NULL")
            return (folded, null)
        }
        #expect(folded == texts.map(TextFold.fold))
        #expect(null == 1)
    }
}
