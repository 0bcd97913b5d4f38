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

    /// The artist and album search triggers are deferred with the indexes and come back
    /// unchanged; the rows no batch indexed meanwhile (added by something other than the
    /// scan's writer) are indexed as they come back, and those already indexed are not
    /// indexed again.
    @Test func theSearchTriggersComeBackWithEveryArtistAndAlbumIndexedOnce() throws {
        let database = try Database.open(.inMemory)
        try database.write { (db: Connection) throws in
            let triggers = { () throws -> [String] in
                try db.values("SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name LIKE '%_search_after_insert' ORDER BY name")
            }
            let before = try triggers()
            #expect(before.count == 2)
            #expect(try !ScanIndexes.nameSearchIsDeferred(db))
            #expect(try ScanIndexes.deferForFirstScan(db))
            #expect(try triggers().isEmpty)
            #expect(try ScanIndexes.nameSearchIsDeferred(db))
            let last = try ScanIndexes.lastNameIDs(db)
            try db.execute("INSERT INTO artist (name, name_key) VALUES ('Ólafur Arnalds', 'olafur arnalds')")
            try db.execute("INSERT INTO album (group_key, title, album_artist) VALUES ('k1', 'Living Room Songs', 'Ólafur Arnalds')")
            try ScanIndexes.indexNewNamesForSearch(after: last, db)
            try db.execute("INSERT INTO artist (name, name_key) VALUES ('Sigur Rós', 'sigur ros')")
            try db.execute("INSERT INTO album (group_key, title, album_artist) VALUES ('k2', 'Ágætis byrjun', 'Sigur Rós')")
            try ScanIndexes.restore(db)
            #expect(try triggers() == before)
            #expect(try !ScanIndexes.nameSearchIsDeferred(db))
            let names: [String] = try db.values("SELECT name_fold FROM artist_search ORDER BY rowid")
            #expect(names == ["olafur arnalds", "sigur ros"])
            let albums: [String] = try db.values("SELECT title_fold || ' / ' || album_artist_fold FROM album_search ORDER BY rowid")
            #expect(albums == ["living room songs / olafur arnalds", "agaetis byrjun / sigur ros"])
            // The triggers are back: the next artist and album are indexed as they are inserted.
            try db.execute("INSERT INTO artist (name, name_key) VALUES ('Björk', 'bjork')")
            try db.execute("INSERT INTO album (group_key, title, album_artist) VALUES ('k3', 'Homogénic', 'Björk')")
            #expect(try db.scalar("SELECT count(*) FROM artist_search WHERE artist_search MATCH 'bjork'") == 1)
            #expect(try db.scalar("SELECT count(*) FROM album_search WHERE album_search MATCH 'homogenic bjork'") == 1)
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
