import Foundation
import LibraryCore
@testable import LibraryServices
import LibraryStorage
import Testing

/// The scan's writer queues batches behind the one it writes, and keeps them in order: a
/// batch that fails stops the ones queued after it, and its error is the one reported.
@Suite("Batch writer")
struct BatchWriterTests {
    private let database: DatabasePool
    private let libraryID: Int64

    init() throws {
        database = try Database.open(.inMemory)
        libraryID = try database.write { db in
            try db.execute("INSERT INTO library (name, name_key, root, root_text, created_at) VALUES ('M', 'm', \(Array("/m".utf8)), '/m', 0)")
            return db.lastInsertedRowID
        }
    }

    /// A batch of one new folder `name` with one file read, credited to `artists`.
    private func batch(_ name: String, artists: [String] = ["A"], album: String? = nil) -> ScanBatch {
        let file = FileFacts(path: RawPath("/m/\(name)/1.flac"), size: 10, mtimeNs: 1, ctimeNs: 1, inode: 1)
        let listing = DirectoryListing(path: RawPath("/m/\(name)"), mtimeNs: 1, files: [file])
        let plan = FolderPlan(listing: listing, stored: [], failures: [:], full: false)
        let record = TrackRecord(metadata: TrackMetadata(format: "FLAC", title: name, artists: artists, album: album), file: file, fingerprint: nil)
        return ScanBatch(plans: [plan], results: [.success(record)], time: Date(timeIntervalSince1970: 1000))
    }

    private func titles() throws -> [String] {
        try database.read { db in try db.rows("SELECT title FROM track ORDER BY id").map { $0[0] ?? "" } }
    }

    @Test func queuedBatchesAreWrittenInOrderAndTheirOutcomesReturned() throws {
        let writer = BatchWriter(database: database, libraryID: libraryID, generation: 1, reservations: MoveReservations(), batchSize: 1)
        var outcomes: [BatchOutcome] = []
        for name in ["a", "b", "c", "d"] { outcomes += try writer.submit(batch(name)) }
        outcomes += try writer.collect()
        #expect(outcomes.count == 4)
        #expect(outcomes.allSatisfy { $0.files.count == 1 })
        #expect(try titles() == ["a", "b", "c", "d"])
    }

    @Test func aFailedBatchStopsTheBatchesQueuedAfterItAndItsErrorIsReported() throws {
        // Room for every batch, so the later ones are queued before the failure is known.
        let writer = BatchWriter(database: database, libraryID: libraryID, generation: 1, reservations: MoveReservations(), batchSize: 100)
        try database.write { db in
            try db.execute("""
                CREATE TEMP TRIGGER refuse_bad BEFORE INSERT ON main.folder WHEN new.path_text = '/m/bad'
                BEGIN SELECT RAISE(ABORT, 'bad folder'); END
                """)
        }
        var outcomes: [BatchOutcome] = []
        var failure: (any Error)?
        do {
            for name in ["a", "bad", "c", "d"] { outcomes += try writer.submit(batch(name)) }
            outcomes += try writer.collect()
        } catch {
            failure = error
        }
        #expect((failure as? DatabaseError)?.message.contains("bad folder") == true)
        #expect(try titles() == ["a"])
        // Nothing is left in flight: a later collect returns at once, with nothing more.
        #expect(try writer.collect().isEmpty)
    }

    /// A first scan runs without the artist and album search triggers
    /// (`ScanIndexes.searchTriggers`): its writer indexes each batch's new artists and albums
    /// itself, in the batch's transaction, so each is searchable once its batch is
    /// committed, as with the triggers, and only once.
    @Test func aFirstScansWriterIndexesEachBatchsNewArtistsAndAlbumsForSearch() throws {
        let searchable = { (table: String, word: String) throws -> Int64 in
            try self.database.read { db in try db.scalar("SELECT count(*) FROM \(sql: table) WHERE \(sql: table) MATCH \(word)") ?? -1 }
        }
        try database.write { (db: Connection) throws in #expect(try ScanIndexes.deferForFirstScan(db)) }
        let writer = BatchWriter(database: database, libraryID: libraryID, generation: 1, reservations: MoveReservations(), batchSize: 1)
        _ = try writer.submit(batch("a", artists: ["Alpha Band"], album: "Harbour Lights"))
        _ = try writer.collect()
        #expect(try searchable("artist_search", "alpha") == 1)
        #expect(try searchable("album_search", "harbour") == 1)
        #expect(try searchable("album_search", "{album_artist_fold} : alpha") == 1)
        _ = try writer.submit(batch("b", artists: ["Alpha Band", "Björk"], album: "Homogénic"))
        _ = try writer.collect()
        #expect(try searchable("artist_search", "bjork") == 1)
        #expect(try searchable("artist_search", "alpha") == 1)
        #expect(try searchable("album_search", "homogenic") == 1)
        #expect(try searchable("album_search", "harbour") == 1)
        let counts = { () throws -> [Int64] in
            try self.database.read { db in
                try ["artist", "artist_search", "album", "album_search"].map { table throws(DatabaseError) in
                    try db.scalar("SELECT count(*) FROM \(sql: table)") ?? -1
                }
            }
        }
        #expect(try counts() == [2, 2, 2, 2])
        // The triggers come back at the end without indexing anything twice.
        try database.writeWithoutTransaction { db in try ScanIndexes.restore(db) }
        #expect(try counts() == [2, 2, 2, 2])
        let triggers: Int64? = try database.read { db in
            try db.scalar("""
                SELECT count(*) FROM sqlite_master WHERE type = 'trigger' AND name IN ('artist_search_after_insert', 'album_search_after_insert')
                """)
        }
        #expect(triggers == 2)
    }
}
