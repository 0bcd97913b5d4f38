import Foundation
import LibraryCore
import LibraryStorage
import Testing

@Suite("Full-text search")
struct SearchQueryTests {
    @Test func expressionQuotesEveryWordAndPrefixesTheLast() throws {
        #expect(try SearchQuery.parse("Miles  Davis").expression == "\"miles\" \"davis\"*")
        #expect(try SearchQuery.parse("Björk").expression == "\"bjork\"*")
        #expect(try SearchQuery.parse("say \"hi\"").expression == "\"say\" \"\"\"hi\"\"\"*")
        #expect(try SearchQuery.parse("a - b").words == ["a", "b"])
        #expect(try SearchQuery.parse("x").match() == SQL(sql: "track_search MATCH ?", arguments: [.text("\"x\"*")]))
    }

    @Test("search text without words is an error", arguments: ["", "   ", "- * ;", "\"\""])
    func nothingToSearch(text: String) {
        #expect(throws: QueryError.self) { try SearchQuery.parse(text) }
    }

    private func search(_ text: String, in fixture: QueryFixture) throws -> [Int64] {
        let match = try SearchQuery.parse(text).match()
        return try fixture.database.read { db in
            try db.rows("""
                SELECT t.id FROM track_search JOIN track t ON t.id = track_search.rowid
                WHERE \(match) ORDER BY rank
                """).map { $0[0]! }
        }
    }

    @Test func findsFoldedPrefixedAndRankedRows() throws {
        let fixture = try QueryFixture.standard()
        #expect(try Set(search("blue", in: fixture)) == [1, 3, 5])
        #expect(try Set(search("blue green", in: fixture)) == [1])
        // Title hits rank above album and genre hits ("Blues" is a prefix match).
        #expect(try search("blue", in: fixture).first == 1)
        #expect(try search("BJÖRK", in: fixture) == [2])
        #expect(try search("bjork joga", in: fixture) == [2])
        #expect(try search("homog", in: fixture) == [2])
        #expect(try search("hom jo", in: fixture) == [])
        #expect(try search("smorrebrod", in: fixture) == [4])
        #expect(try search("strasse", in: fixture) == [5])
        #expect(try search("modal", in: fixture) == [1])
        #expect(try Set(search("miles", in: fixture)) == [1, 3])
        #expect(try search("sigur rós", in: fixture) == [4])
    }

    @Test("punctuation is literal, never FTS syntax", arguments: [
        "\"", "blue\"", "-blue", "blue -green", "blue*", "title:blue", "a;b", "NOT blue", "blue OR", "AND",
        "NEAR(blue green)", "(blue", "^blue", "{title}: blue", "'); DROP TABLE track; --", "50%", "off_sale",
        "\"The \"Band\"\"", "+blue", "a:b:c", "*",
    ])
    func punctuationIsLiteral(text: String) throws {
        let fixture = try QueryFixture.standard()
        guard let query = try? SearchQuery.parse(text) else { return }
        let match = query.match()
        _ = try fixture.database.read { db in
            try db.rows("SELECT rowid FROM track_search WHERE \(match)")
        }
    }

    @Test func punctuatedWordsStillFind() throws {
        let fixture = try QueryFixture.standard()
        #expect(try search("blue -green", in: fixture) == [1])
        #expect(try search("title:blue", in: fixture) == [])
        #expect(try search("NOT blue", in: fixture) == [])
        #expect(try search("\"The \"Band\"\"", in: fixture) == [6])
        #expect(try search("it's", in: fixture) == [6])
        #expect(try search("dust &", in: fixture) == [5])
    }

    @Test func indexFollowsInsertUpdateAndDelete() throws {
        let fixture = try QueryFixture([.init(id: 7, title: "Old Name", artists: ["Somebody"], path: "/m/7")])
        #expect(try search("old", in: fixture) == [7])
        try fixture.database.write { db in
            try db.execute("UPDATE track SET title = \("Nouvelle Chanson"), title_fold = \(TextFold.fold("Nouvelle Chanson")) WHERE id = 7")
        }
        #expect(try search("old", in: fixture) == [])
        #expect(try search("nouvelle", in: fixture) == [7])
        #expect(try search("somebody", in: fixture) == [7])
        // Updates of other columns leave the index alone.
        try fixture.database.write { db in
            try db.execute("UPDATE track SET year = 2001 WHERE id = 7")
        }
        #expect(try search("chanson", in: fixture) == [7])
        try fixture.database.write { db in
            try db.execute("DELETE FROM track WHERE id = 7")
        }
        #expect(try search("nouvelle", in: fixture) == [])
        #expect(try search("somebody", in: fixture) == [])
        let integrity: Int? = try fixture.database.read { db in
            try db.execute("INSERT INTO track_search (track_search, rank) VALUES ('integrity-check', 1)")
            return try db.scalar("SELECT count(*) FROM track_search")
        }
        #expect(integrity == 0)
    }

    @Test func migrationIndexesExistingRows() throws {
        let database = try Database.open(.inMemory, migrator: Migrator([Schema.migrations[0]]))
        try database.write { db in
            try db.execute("""
                INSERT INTO library (id, name, name_key, root, root_text, created_at) VALUES (1, 'L', 'l', X'2F', '/', 0);
                INSERT INTO folder (id, library_id, path, path_text) VALUES (1, 1, X'2F', '/');
                INSERT INTO track (id, library_id, folder_id, path, path_text, file_size, mtime_ns, ctime_ns, format,
                    title, title_fold, added_at, updated_at) VALUES (1, 1, 1, X'2F61', '/a', 0, 0, 0, 'MP3', 'Hej', 'hej', 0, 0);
                """)
            try Schema.migrator.migrate(db)
        }
        let match = try SearchQuery.parse("hej").match()
        let found: Int? = try database.read { db in try db.scalar("SELECT rowid FROM track_search WHERE \(match)") }
        #expect(found == 1)
        #expect(Schema.migrations.map(\.name) == ["v1-initial-schema", "v2-track-search", "v3-query-indexes", "v4-statistics-indexes", "v5-batched-search-indexing", "v6-move-candidate-indexes", "v7-moved-file-index", "v8-track-damage", "v9-users-and-annotations", "v10-recording-indexes", "v11-api-key-labels-and-credential-generation", "v12-folder-cover-images", "v13-sessions-and-languages", "v14-list-indexes", "v15-album-totals-index", "v16-artist-search", "v17-api-default-track-order", "v18-list-present-ids", "v19-scan-deferred-indexes", "v20-search-prefix", "v21-search-automerge", "v22-search-segments", "v23-album-search", "v24-drop-redundant-year-index", "v25-drop-genre-pair-index"])
    }
}
