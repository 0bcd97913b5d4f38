@testable import LibraryStorage
import Testing

@Suite("v21: track_search merges eight segments to a level and answers as before")
struct SearchAutomergeTests {
    @Test func aNewDatabaseMergesEightSegmentsToALevel() throws {
        let database = try Database.open(.inMemory)
        let automerge: Int64? = try database.write { try $0.scalar("SELECT v FROM track_search_config WHERE k = 'automerge'") }
        #expect(automerge == 8)
    }

    @Test func anIndexMigratedFromV20AnswersAsARebuiltOneAfterMoreBatches() throws {
        let database = try Database.open(.inMemory, migrator: Fixture.migrator(before: "v21-search-automerge"))
        try database.write { db in
            let libraryID = try Fixture.insertLibrary(db)
            let folderID = try Fixture.insertFolder(db, libraryID: libraryID)
            try SearchBatches.insert(db, libraryID: libraryID, folderID: folderID, from: 0, batches: 12, size: 20)
            let before = try SearchBatches.answers(db)
            #expect(try Fixture.migrator(before: "v22-search-segments").migrate(db) == ["v21-search-automerge"])
            #expect(try SearchBatches.answers(db) == before)
            // Enough batches for merges at the new setting, then the same index built in one go.
            try SearchBatches.insert(db, libraryID: libraryID, folderID: folderID, from: 240, batches: 40, size: 20)
            let merged = try SearchBatches.answers(db)
            #expect(merged.allSatisfy { !$0.isEmpty })
            #expect(merged[0].count > before[0].count)
            try db.execute("INSERT INTO track_search (track_search, rank) VALUES ('integrity-check', 1)")
            try db.execute("INSERT INTO track_search (track_search) VALUES ('rebuild')")
            #expect(try SearchBatches.answers(db) == merged)
        }
    }
}
