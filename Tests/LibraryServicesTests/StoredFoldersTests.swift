import Foundation
import LibraryCore
@testable import LibraryServices
import LibraryStorage
import Testing

/// The scan's compact index of stored folders answers as the dictionary of path texts it
/// replaced: each folder under the scope once, with its id and fingerprint (or none), and
/// the ones not taken as unreached.
@Suite("Stored folders")
struct StoredFoldersTests {
    private let database: DatabasePool
    private let libraryID: Int64
    private var ids: [String: Int64] = [:]

    init() throws {
        database = try Database.open(.inMemory)
        libraryID = try database.write { db in
            try db.execute("INSERT INTO library (name, name_key, root, root_text, created_at) VALUES ('M', 'm', \(Array("/m".utf8)), '/m', 0)")
            return db.lastInsertedRowID
        }
        let folders: [(String, Int64?)] = [
            ("/m", 1), ("/m/A", 2), ("/m/A/Album", 3), ("/m/Ä/Älbum ♫", 4), ("/m/B", nil), ("/mb", 5),
        ]
        let libraryID = self.libraryID
        ids = try database.write { db in
            var ids: [String: Int64] = [:]
            for (text, fingerprint) in folders {
                ids[text] = try FolderStore.markSeen(
                    libraryID: libraryID, path: RawPath(text), mtimeNs: 1, fingerprint: fingerprint, hasCoverImage: false,
                    generation: 1, db)
            }
            return ids
        }
    }

    private func load(_ scope: String) throws -> StoredFolders {
        let libraryID = self.libraryID
        return try database.read { db in try StoredFolders(libraryID: libraryID, under: RawPath(scope), db) }
    }

    @Test func eachFolderUnderTheScopeIsTakenOnceWithItsIdAndFingerprint() throws {
        var stored = try load("/m")
        #expect(stored.take("/m/A/Album") == FolderStore.Stored(id: ids["/m/A/Album"]!, fingerprint: 3))
        #expect(stored.take("/m/A/Album") == nil)
        #expect(stored.take("/m/Ä/Älbum ♫") == FolderStore.Stored(id: ids["/m/Ä/Älbum ♫"]!, fingerprint: 4))
        #expect(stored.take("/m/B") == FolderStore.Stored(id: ids["/m/B"]!, fingerprint: nil))
        #expect(stored.take("/m/A/Albu") == nil)
        #expect(stored.take("/m/C") == nil)
        #expect(Set(stored.unreachedIDs) == [ids["/m"]!, ids["/m/A"]!])
    }

    @Test func aScopeHoldsItselfAndTheFoldersBelowItOnly() throws {
        var stored = try load("/m/A")
        #expect(Set(stored.unreachedIDs) == [ids["/m/A"]!, ids["/m/A/Album"]!])
        #expect(stored.take("/m/B") == nil)
        #expect(stored.take("/mb") == nil)
        #expect(stored.take("/m/A")?.id == ids["/m/A"]!)
    }

    @Test func thousandsOfFoldersAndAnIdPast32BitsAreEachFoundOnce() throws {
        let libraryID = self.libraryID
        let largeID: Int64 = 5_000_000_000
        let added = try database.write { db in
            var added: [String: Int64] = [:]
            for index in 0..<3_000 {
                let text = "/m/many/\(index)"
                added[text] = try FolderStore.markSeen(
                    libraryID: libraryID, path: RawPath(text), mtimeNs: 1, fingerprint: Int64(index) * 7 - 9_000,
                    hasCoverImage: false, generation: 1, db)
            }
            try db.execute("""
                INSERT INTO folder (id, library_id, path, path_text, fingerprint)
                VALUES (\(largeID), \(libraryID), \(Array("/m/large".utf8)), '/m/large', 42)
                """)
            return added
        }
        var stored = try load("/m")
        #expect(stored.count == 3_006)
        #expect(stored.take("/m/large") == FolderStore.Stored(id: largeID, fingerprint: 42))
        for index in 0..<3_000 {
            let text = "/m/many/\(index)"
            #expect(stored.take(text) == FolderStore.Stored(id: added[text]!, fingerprint: Int64(index) * 7 - 9_000))
        }
        #expect(stored.take("/m/large") == nil)
        #expect(Set(stored.unreachedIDs) == Set(ids.filter { $0.key != "/mb" }.values))
    }

    @Test func aFirstScanHasNone() {
        var stored = StoredFolders()
        #expect(stored.take("/m") == nil)
        #expect(stored.unreachedIDs.isEmpty)
    }
}
