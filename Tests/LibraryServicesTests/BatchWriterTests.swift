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

    /// A batch of one new folder `name` with one file read.
    private func batch(_ name: String) -> ScanBatch {
        let file = FileFacts(path: RawPath("/m/\(name)/1.flac"), size: 10, mtimeNs: 1, ctimeNs: 1, inode: 1)
        let listing = DirectoryListing(path: RawPath("/m/\(name)"), mtimeNs: 1, files: [file])
        let plan = FolderPlan(listing: listing, stored: [], failures: [:], full: false)
        let record = TrackRecord(metadata: TrackMetadata(format: "FLAC", title: name, artists: ["A"]), file: file, fingerprint: nil)
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
}
