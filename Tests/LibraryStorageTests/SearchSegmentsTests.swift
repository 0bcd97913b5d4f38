import Foundation
@testable import LibraryStorage
import Testing

/// The search indexes merged into one segment each (`SearchSegments`, and once for an existing
/// database by v22) answer every search as before and pass FTS5's own integrity check.
@Suite("Search index segments merged into one")
struct SearchSegmentsTests {
    /// A database through `last` with 12 batches of tracks (one segment each) and some artists
    /// indexed one statement at a time.
    private func batched(through last: String? = nil) throws -> DatabasePool {
        let database = try Database.open(.inMemory, migrator: last.map { Fixture.migrator(before: $0) } ?? Schema.migrator)
        try database.write { db in
            let libraryID = try Fixture.insertLibrary(db)
            let folderID = try Fixture.insertFolder(db, libraryID: libraryID)
            try SearchBatches.insert(db, libraryID: libraryID, folderID: folderID, from: 0, batches: 12, size: 20)
        }
        for (index, name) in ["The Blue Nile", "Blur", "Echo & the Bunnymen"].enumerated() {
            try database.write { db in
                try db.execute("INSERT INTO artist (id, name, name_key) VALUES (\(index + 1), \(name), \(name.lowercased()))")
            }
        }
        return database
    }

    private func artistAnswers(_ db: Connection) throws -> [[Int64]] {
        try [#""the"*"#, #""bl"*"#, #"{name_fold} : (^"echo")"#].map {
            try db.values("SELECT rowid FROM artist_search WHERE artist_search MATCH \($0) ORDER BY rowid")
        }
    }

    private func checkIntegrity(_ db: Connection) throws {
        try db.execute("INSERT INTO track_search (track_search, rank) VALUES ('integrity-check', 1)")
        try db.execute("INSERT INTO artist_search (artist_search) VALUES ('integrity-check')")
    }

    @Test func mergingLeavesOneSegmentThatAnswersAsTheManyDid() throws {
        let database = try batched()
        try database.writeWithoutTransaction { db in
            #expect(try SearchSegments.count(in: "track_search", db) > 1)
            #expect(try SearchSegments.count(in: "artist_search", db) > 1)
            let (tracks, artists) = (try SearchBatches.answers(db), try artistAnswers(db))
            #expect(tracks.allSatisfy { !$0.isEmpty } && artists.allSatisfy { !$0.isEmpty })
            try SearchSegments.merge(db)
            #expect(try SearchSegments.count(in: "track_search", db) == 1)
            #expect(try SearchSegments.count(in: "artist_search", db) == 1)
            #expect(try SearchBatches.answers(db) == tracks)
            #expect(try artistAnswers(db) == artists)
            try checkIntegrity(db)
        }
    }

    @Test func mergingEmptyIndexesDoesNothing() throws {
        let database = try Database.open(.inMemory)
        try database.writeWithoutTransaction { db in
            try SearchSegments.merge(db)
            #expect(try SearchSegments.count(in: "track_search", db) == 0)
            #expect(try SearchSegments.count(in: "artist_search", db) == 0)
        }
    }

    @Test func v22MergesTheSegmentsOfAnExistingDatabaseOnce() throws {
        let database = try batched(through: "v22-search-segments")
        try database.writeWithoutTransaction { db in
            #expect(try SearchSegments.count(in: "track_search", db) > 1)
            let (tracks, artists) = (try SearchBatches.answers(db), try artistAnswers(db))
            #expect(try Fixture.migrator(before: "v23-album-search").migrate(db) == ["v22-search-segments"])
            #expect(try SearchSegments.count(in: "track_search", db) == 1)
            #expect(try SearchSegments.count(in: "artist_search", db) == 1)
            #expect(try SearchBatches.answers(db) == tracks)
            #expect(try artistAnswers(db) == artists)
            try checkIntegrity(db)
        }
    }
}

/// Opening a database that a migration rebuilt an index of leaves its log empty: the
/// migration's one large transaction is not kept on disk beside the database.
@Suite("The log after migrations")
struct MigrationLogTests {
    @Test func openingADatabaseThatMigratedLeavesAnEmptyLog() throws {
        try withTemporaryDirectory { folder in
            let path = folder.appendingPathComponent("library.sqlite").path
            do {
                let database = try Database.open(.file(path), migrator: Fixture.migrator(before: "v22-search-segments"))
                try database.write { db in
                    let libraryID = try Fixture.insertLibrary(db)
                    let folderID = try Fixture.insertFolder(db, libraryID: libraryID)
                    try SearchBatches.insert(db, libraryID: libraryID, folderID: folderID, from: 0, batches: 30, size: 20)
                }
            }
            let reopened = try Database.open(.file(path))
            let log = try FileManager.default.attributesOfItem(atPath: path + "-wal")[.size] as? Int
            #expect(log == 0)
            try reopened.read { (db: Connection) throws in
                #expect(try SearchSegments.count(in: "track_search", db) == 1)
                #expect(try SearchBatches.answers(db).allSatisfy { !$0.isEmpty })
            }
        }
    }
}
