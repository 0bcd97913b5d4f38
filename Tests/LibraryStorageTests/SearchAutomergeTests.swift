@testable import LibraryStorage
import Testing

@Suite("v21: track_search merges eight segments to a level and answers as before")
struct SearchAutomergeTests {
    private static let words = ["the", "there", "blue", "blur", "love", "echo", "eden", "e", "abba", "bé"]

    /// Inserts `batches` batches of `size` tracks, each indexed in one statement as a scan does.
    private func insertBatches(_ db: Connection, libraryID: Int64, folderID: Int64, from start: Int, batches: Int, size: Int) throws {
        let words = Self.words
        for batch in 0..<batches {
            var ids: [Int64] = []
            for offset in 0..<size {
                let index = start + batch * size + offset
                let path = "/music/a/\(index).flac"
                let title = (0..<(1 + index % 3)).map { words[(index * 7 + $0 * 3) % words.count] }.joined(separator: " ")
                try db.execute("""
                    INSERT INTO track (library_id, folder_id, path, path_text, file_size, mtime_ns, ctime_ns, format, title, added_at,
                                       updated_at, title_fold, artist_fold, album_fold)
                    VALUES (\(libraryID), \(folderID), \(Array(path.utf8)), \(path), 1, 0, 0, 'flac', 'Song', 0, 0,
                            \(title), \(words[index % words.count]), \(words[(index / 5) % words.count]))
                    """)
                ids.append(db.lastInsertedRowID)
            }
            try TrackStore.indexForSearch(ids: ids, db)
        }
    }

    private func answers(_ db: Connection) throws -> [[Int64]] {
        try [#""e"*"#, #""bl"*"#, #""the""#, #"{title_fold} : (^"the"*)"#, #""love" "e"*"#].map {
            try db.values("SELECT rowid FROM track_search WHERE track_search MATCH \($0) ORDER BY rank, rowid")
        }
    }

    @Test func aNewDatabaseMergesEightSegmentsToALevel() throws {
        let database = try Database.open(.inMemory)
        let automerge: Int64? = try database.write { try $0.scalar("SELECT v FROM track_search_config WHERE k = 'automerge'") }
        #expect(automerge == 8)
    }

    @Test func anIndexMigratedFromV20AnswersAsARebuiltOneAfterMoreBatches() throws {
        let throughV20 = Array(Schema.migrations.prefix { $0.name != "v21-search-automerge" })
        let database = try Database.open(.inMemory, migrator: Migrator(throughV20))
        try database.write { db in
            let libraryID = try Fixture.insertLibrary(db)
            let folderID = try Fixture.insertFolder(db, libraryID: libraryID)
            try insertBatches(db, libraryID: libraryID, folderID: folderID, from: 0, batches: 12, size: 20)
            let before = try answers(db)
            #expect(try Schema.migrator.migrate(db) == ["v21-search-automerge"])
            #expect(try answers(db) == before)
            // Enough batches for merges at the new setting, then the same index built in one go.
            try insertBatches(db, libraryID: libraryID, folderID: folderID, from: 240, batches: 40, size: 20)
            let merged = try answers(db)
            #expect(merged.allSatisfy { !$0.isEmpty })
            #expect(merged[0].count > before[0].count)
            try db.execute("INSERT INTO track_search (track_search, rank) VALUES ('integrity-check', 1)")
            try db.execute("INSERT INTO track_search (track_search) VALUES ('rebuild')")
            #expect(try answers(db) == merged)
        }
    }
}
