import Foundation
import Testing
@testable import LibraryCore

/// `TrackStore.save` and the search index it keeps: inserts are indexed in bulk by
/// `indexForSearch`, updates reindex through the trigger only when a searched column changed.
@Suite struct TrackSaveTests {
    private let database: DatabaseQueue
    private let libraryID: Int64
    private let folderID: Int64

    init() throws {
        (database, libraryID, folderID) = try Fixture.libraryWithFolder()
    }

    private func save(_ title: String, path: String = "/m/a/1.flac", existingID: Int64? = nil, _ db: Connection) throws -> TrackStore.Saved {
        let record = TrackRecord(
            metadata: TrackMetadata(format: "FLAC", title: title, artists: ["Nina"]),
            file: FileFacts(path: RawPath(path), size: 10, mtimeNs: 1, ctimeNs: 1, inode: 1), fingerprint: nil)
        return try TrackStore.save(
            record, existingID: existingID, libraryID: libraryID, folderID: folderID, albumID: nil, generation: 1,
            now: Date(timeIntervalSince1970: 1000), db)
    }

    private func search(_ text: String) throws -> [Int64] {
        let match = try SearchQuery.parse(text).match()
        return try database.read { db in
            try db.rows("SELECT rowid FROM track_search WHERE \(match.sql) ORDER BY rowid", match.arguments).map { $0[0]! }
        }
    }

    private func searchIndexIsIntact() throws -> Bool {
        try database.write { db in
            try db.execute("INSERT INTO track_search (track_search, rank) VALUES ('integrity-check', 1)")
            return true
        }
    }

    @Test func insertsAreSearchableOnceIndexed() throws {
        let first = try database.write { db in try save("Blue Moon", db) }
        #expect(first.inserted)
        #expect(try search("blue").isEmpty)
        try database.write { db in try TrackStore.indexForSearch(ids: [first.id], db) }
        #expect(try search("blue") == [first.id])
        #expect(try searchIndexIsIntact())
    }

    @Test func anUpdateKeepsTheIdAndReindexesOnlyWhatChanged() throws {
        let first = try database.write { db in
            let saved = try save("Blue Moon", db)
            try TrackStore.indexForSearch(ids: [saved.id], db)
            return saved
        }
        let same = try database.write { db in try save("Blue Moon", existingID: first.id, db) }
        #expect(same == TrackStore.Saved(id: first.id, inserted: false))
        let retagged = try database.write { db in try save("Green Sun", existingID: first.id, db) }
        #expect(retagged == TrackStore.Saved(id: first.id, inserted: false))
        #expect(try search("blue").isEmpty)
        #expect(try search("green") == [first.id])
        #expect(try searchIndexIsIntact())
    }

    @Test func aSecondInsertInTheSameTransactionIsReportedAsInserted() throws {
        let (a, b) = try database.write { db in
            let a = try save("One", path: "/m/a/1.flac", db)
            let b = try save("Two", path: "/m/a/2.flac", db)
            try TrackStore.indexForSearch(ids: [a.id, b.id], db)
            return (a, b)
        }
        #expect(a.inserted && b.inserted && a.id != b.id)
        #expect(try search("two") == [b.id])
        #expect(try searchIndexIsIntact())
    }

    @Test("a second spelling of a saved path (NFD against NFC) updates the same track")
    func anotherSpellingOfThePathUpdates() throws {
        let nfc = "/m/a/Caf\u{E9}.flac", nfd = "/m/a/Cafe\u{301}.flac"
        #expect(Array(nfc.utf8) != Array(nfd.utf8))
        let first = try database.write { db in
            let saved = try save("One", path: nfc, db)
            try TrackStore.indexForSearch(ids: [saved.id], db)
            return saved
        }
        let second = try database.write { db in try save("Two", path: nfd, db) }
        #expect(second == TrackStore.Saved(id: first.id, inserted: false))
        #expect(try search("two") == [first.id])
        #expect(try searchIndexIsIntact())
    }

    @Test("a stale existing id (the row is gone) inserts instead")
    func staleExistingIDInserts() throws {
        let saved = try database.write { db in try save("One", existingID: 999, db) }
        #expect(saved.inserted)
        #expect(saved.id != 999)
    }
}
