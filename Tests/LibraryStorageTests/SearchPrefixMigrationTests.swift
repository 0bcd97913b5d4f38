@testable import LibraryCore
@testable import LibraryStorage
import Testing

@Suite("v20: track_search and artist_search with prefix indexes answer as before")
struct SearchPrefixMigrationTests {
    /// FTS5 expressions of the shapes search sends: one, two, three and four letter
    /// prefixes, whole words, several words, initial tokens and column filters.
    private static let expressions = [
        #""e"*"#, #""b"*"#, #""bl"*"#, #""th"*"#, #""the"*"#, #""love"*"#, #""the""#, #""zq"*"#,
        #""the" "bl"*"#, #""blue" "e"*"#, #"{title_fold} : (^"the"*)"#, #"{title_fold} : (^"the" + "b"*)"#,
        #"{artist_fold album_artist_fold} : ("e"*)"#, #"{album_fold} : ("a"*)"#, #"{title_fold} : ("the" "lo"*)"#,
    ]

    /// Folded words the generated tracks are made of.
    private static let words = ["the", "there", "theme", "blue", "blur", "black", "love", "lover", "echo", "eden", "e", "a", "abba", "bé", "tango"]

    /// Inserts `count` tracks whose searched columns are made of `words`, indexed as the scan indexes them.
    private func insertTracks(_ db: Connection, count: Int) throws {
        let libraryID = try Fixture.insertLibrary(db)
        let folderID = try Fixture.insertFolder(db, libraryID: libraryID)
        let words = Self.words
        func text(_ seed: Int, _ length: Int) -> String {
            (0..<length).map { words[(seed * 7 + $0 * 5 + $0 * seed) % words.count] }.joined(separator: " ")
        }
        var ids: [Int64] = []
        for index in 0..<count {
            let path = "/music/a/\(index).flac"
            try db.execute("""
                INSERT INTO track (library_id, folder_id, path, path_text, file_size, mtime_ns, ctime_ns, format, title, added_at, updated_at,
                                   title_fold, artist_fold, album_fold, album_artist_fold, composer_fold, genre_fold)
                VALUES (\(libraryID), \(folderID), \(Array(path.utf8)), \(path), 1, 0, 0, 'flac', 'Song', 0, 0,
                        \(text(index, 1 + index % 4)), \(text(index + 3, 1 + index % 2)), \(text(index + 5, 2)),
                        \(index % 3 == 0 ? text(index + 3, 1) : ""), \(index % 5 == 0 ? text(index + 1, 1) : ""), \(text(index, 1)))
                """)
            ids.append(db.lastInsertedRowID)
        }
        try TrackStore.indexForSearch(ids: ids, db)
    }

    /// Each expression's matches in rowid order, then in rank (bm25) order.
    private func answers(_ db: Connection) throws -> [[Int64]] {
        var answers: [[Int64]] = []
        for expression in Self.expressions {
            answers.append(try db.values("SELECT rowid FROM track_search WHERE track_search MATCH \(expression) ORDER BY rowid"))
            answers.append(try db.values("SELECT rowid FROM track_search WHERE track_search MATCH \(expression) ORDER BY rank, rowid"))
        }
        return answers
    }

    /// Each name expression's matches in `artist_search`, in rowid order.
    private func artistAnswers(_ db: Connection) throws -> [[Int64]] {
        var answers: [[Int64]] = []
        for expression in [#""b"*"#, #""bl"*"#, #""the"*"#, #"{name_fold} : (^"b"*)"#, #""ae"*"#, #""e"*"#, #""bjork""#] {
            answers.append(try db.values("SELECT rowid FROM artist_search WHERE artist_search MATCH \(expression) ORDER BY rowid"))
        }
        return answers
    }

    @Test func theRebuiltIndexAnswersEveryQueryShapeAsTheOldOne() throws {
        let database = try Database.open(.inMemory, migrator: Fixture.migrator(before: "v20-search-prefix"))
        try database.write { db in
            try insertTracks(db, count: 400)
            let old = try answers(db)
            try db.execute("""
                INSERT INTO artist (id, name, name_key) VALUES (1, 'Björk', 'björk'), (2, 'Æther Bløk', 'æther bløk'),
                    (3, 'Blur', 'blur'), (4, 'The Blue Nile', 'the blue nile'), (5, 'Echo & the Bunnymen', 'echo & the bunnymen');
                """)
            let oldArtists = try artistAnswers(db)
            #expect(oldArtists.contains { $0.count > 1 })
            #expect(old.contains { $0.count > 50 })
            #expect(try Fixture.migrator(before: "v21-search-automerge").migrate(db) == ["v20-search-prefix"])
            let sql: String? = try db.scalar("SELECT sql FROM sqlite_master WHERE name = 'track_search'")
            #expect(sql?.contains("prefix = '1 2 3'") == true)
            #expect(try answers(db) == old)
            let artistSQL: String? = try db.scalar("SELECT sql FROM sqlite_master WHERE name = 'artist_search'")
            #expect(artistSQL?.contains("prefix = '1 2 3'") == true)
            #expect(try artistAnswers(db) == oldArtists)
            try db.execute("INSERT INTO artist_search (artist_search) VALUES ('integrity-check')")
            try db.execute("INSERT INTO track_search (track_search, rank) VALUES ('integrity-check', 1)")
        }
    }

    @Test func theTriggersFollowUpdatesAndDeletesAfterTheMigration() throws {
        let database = try Database.open(.inMemory)
        try database.write { db in
            try insertTracks(db, count: 30)
            let first: [Int64] = try db.values("SELECT id FROM track ORDER BY id LIMIT 2")
            try db.execute("UPDATE track SET title_fold = 'quokka rising' WHERE id = \(first[0])")
            #expect(try db.values("SELECT rowid FROM track_search WHERE track_search MATCH '\"q\"*'") == [first[0]])
            #expect(try db.values("SELECT rowid FROM track_search WHERE track_search MATCH '{title_fold} : (^\"qu\"*)'") == [first[0]])
            try db.execute("DELETE FROM track WHERE id IN (\(first[0]), \(first[1]))")
            #expect(try db.values("SELECT rowid FROM track_search WHERE track_search MATCH '\"qu\"*'", as: Int64.self).isEmpty)
            let left: Int64? = try db.scalar("SELECT count(*) FROM track_search WHERE track_search MATCH '\"e\"* OR \"t\"* OR \"b\"* OR \"l\"* OR \"a\"*'")
            #expect(left == 28)
            try db.execute("INSERT INTO track_search (track_search, rank) VALUES ('integrity-check', 1)")
        }
    }
}
