import Foundation
@testable import LibraryStorage
import Testing

/// A first scan's deferred track indexes: dropped only for an empty database, with their
/// definitions kept, and recreated unchanged by `restore` or by the next `Database.open`.
@Suite("Scan indexes built at the end of a first scan")
struct ScanIndexesTests {
    /// Every index of the database by name, with its definition.
    private func indexes(_ db: Connection) throws -> [String: String] {
        var result: [String: String] = [:]
        try db.forEach("SELECT name, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL") { row in
            result[row["name"] ?? ""] = row["sql"] ?? ""
        }
        return result
    }

    @Test func anEmptyDatabaseDropsTheDeferredIndexesAndRestoreRecreatesThemUnchanged() throws {
        let database = try Database.open(.inMemory)
        try database.write { (db: Connection) throws in
            let before = try indexes(db)
            #expect(ScanIndexes.deferred.allSatisfy { before[$0] != nil })
            #expect(try ScanIndexes.deferForFirstScan(db))
            let during = try indexes(db)
            #expect(ScanIndexes.deferred.allSatisfy { during[$0] == nil })
            #expect(during.count == before.count - ScanIndexes.deferred.count)
            // Besides the track indexes: the artist credits', whose keys come in no order.
            #expect(before["track_artist_by_artist"] != nil && during["track_artist_by_artist"] == nil)
            // Kept up instead: the indexes whose inserts append (or land on a few pages).
            for kept in ["track_album_totals", "track_by_format", "track_by_added", "track_album_by_added"] {
                #expect(during[kept] != nil, "\(kept)")
            }
            #expect(try ScanIndexes.hasDeferred(db))
            try ScanIndexes.restore(db)
            #expect(try indexes(db) == before)
            #expect(try !ScanIndexes.hasDeferred(db))
        }
    }

    /// The artist search trigger is deferred with the indexes and comes back unchanged; the
    /// artists no batch indexed meanwhile (added by something other than the scan's writer)
    /// are indexed as it comes back, and those already indexed are not indexed again.
    @Test func theArtistSearchTriggerComesBackWithEveryArtistIndexedOnce() throws {
        let database = try Database.open(.inMemory)
        try database.write { (db: Connection) throws in
            let trigger = { () throws -> String? in
                try db.scalar("SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name = 'artist_search_after_insert'")
            }
            let before = try trigger()
            #expect(before != nil)
            #expect(try !ScanIndexes.artistSearchIsDeferred(db))
            #expect(try ScanIndexes.deferForFirstScan(db))
            #expect(try trigger() == nil)
            #expect(try ScanIndexes.artistSearchIsDeferred(db))
            let last = try ScanIndexes.lastArtistID(db)
            try db.execute("INSERT INTO artist (name, name_key) VALUES ('Ólafur Arnalds', 'olafur arnalds')")
            try ScanIndexes.indexNewArtistsForSearch(after: last, db)
            try db.execute("INSERT INTO artist (name, name_key) VALUES ('Sigur Rós', 'sigur ros')")
            try ScanIndexes.restore(db)
            #expect(try trigger() == before)
            #expect(try !ScanIndexes.artistSearchIsDeferred(db))
            let names: [String] = try db.values("SELECT name_fold FROM artist_search ORDER BY rowid")
            #expect(names == ["olafur arnalds", "sigur ros"])
            // The trigger is back: the next artist is indexed as it is inserted.
            try db.execute("INSERT INTO artist (name, name_key) VALUES ('Björk', 'bjork')")
            #expect(try db.scalar("SELECT count(*) FROM artist_search WHERE artist_search MATCH 'bjork'") == 1)
        }
    }

    /// Whole-library sorts (a migration's or a first scan's index builds) spill to files,
    /// and the connection sorts in memory again afterwards, even when the work fails.
    @Test func sortingOnDiskSpillsOnlyForItsWork() throws {
        struct Failure: Error {}
        let database = try Database.open(.inMemory)
        try database.writeWithoutTransaction { (db: Connection) throws in
            let memory: Int64? = try db.scalar("PRAGMA temp_store")
            #expect(memory == 2)  // what every open leaves, after its migrations
            let during: Int64? = try db.sortingOnDisk { try db.scalar("PRAGMA temp_store") }
            #expect(during == 1)
            #expect(throws: Failure.self) { try db.sortingOnDisk { throw Failure() } }
            let after: Int64? = try db.scalar("PRAGMA temp_store")
            #expect(after == 2)
        }
    }

    @Test func aDatabaseWithATrackKeepsEveryIndex() throws {
        let (database, libraryID, folderID) = try Fixture.libraryWithFolder()
        try database.write { (db: Connection) throws in
            try Fixture.insertTrack(db, libraryID: libraryID, folderID: folderID)
            let before = try indexes(db)
            #expect(try !ScanIndexes.deferForFirstScan(db))
            #expect(try indexes(db) == before)
            #expect(try !ScanIndexes.hasDeferred(db))
        }
    }

    @Test func openingADatabaseAScanLeftWithoutItsIndexesRecreatesThem() throws {
        try withTemporaryDirectory { folder in
            let path = folder.appendingPathComponent("library.sqlite").path
            var before: [String: String] = [:]
            do {
                // A scan that stopped (killed) after deferring, before its end.
                let database = try Database.open(.file(path))
                try database.write { (db: Connection) throws in
                    before = try indexes(db)
                    try ScanIndexes.deferForFirstScan(db)
                }
                try database.read { (db: Connection) throws in #expect(try indexes(db).count < before.count) }
            }
            let reopened = try Database.open(.file(path))
            try reopened.read { (db: Connection) throws in
                #expect(try indexes(db) == before)
                #expect(try db.scalar("SELECT count(*) FROM deferred_index") == 0)
            }
        }
    }
}
