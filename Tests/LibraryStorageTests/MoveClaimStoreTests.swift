import Foundation
@testable import LibraryCore
@testable import LibraryStorage
import Testing

/// The SQL half of recognising a moved file as it is written: which missing tracks may be
/// it, and saving it over one of them.
@Suite struct MoveClaimStoreTests {
    private let database: DatabasePool
    private let libraryID: Int64
    private let folderID: Int64

    init() throws {
        (database, libraryID, folderID) = try Fixture.libraryWithFolder()
    }

    private func record(_ path: String, title: String, album: String = "Album", fingerprint: String? = "fp1") -> TrackRecord {
        TrackRecord(
            metadata: TrackMetadata(format: "FLAC", title: title, artists: ["Nina"], album: album),
            file: FileFacts(path: RawPath(path), size: 10, mtimeNs: 1, ctimeNs: 1, inode: 1), fingerprint: fingerprint)
    }

    @discardableResult
    private func save(_ record: TrackRecord, existingID: Int64? = nil, moved: Bool = false, _ db: Connection) throws -> Int64 {
        try TrackStore.save(
            record, existingID: existingID, libraryID: libraryID, folderID: folderID, albumID: nil, generation: 1,
            now: Date(timeIntervalSince1970: 1000), moved: moved, db).id
    }

    @Test func presentTracksNamedByIDAreCandidatesUnderTheSameRule() throws {
        let (found, expected) = try database.write { db -> ([Int64], [Int64]) in
            let sameTitle = try save(record("/m/a/1.flac", title: "Song", album: "Other"), db)
            let unrelated = try save(record("/m/a/2.flac", title: "Unrelated", album: "Other"), db)
            let new = record("/m/b/new.flac", title: "Song")
            #expect(try MoveStore.claimCandidates(new, libraryID: libraryID, db).isEmpty, "present tracks only when named")
            let found = try MoveStore.claimCandidates(new, libraryID: libraryID, presentIDs: [sameTitle, unrelated], db)
            return (found.map(\.side.id), [sameTitle])
        }
        #expect(found == expected)
    }

    @Test func presentTracksOfGoneFoldersAreNarrowedInMemoryUnderTheSameRule() throws {
        let (agreeing, expected, all) = try database.write { db -> ([Int64], [Int64], [Int64]) in
            let sameTitle = try save(record("/m/a/1.flac", title: "Song", album: "Other"), db)
            let sameAlbum = try save(record("/m/a/2.flac", title: "Else", album: "Album"), db)
            try save(record("/m/a/3.flac", title: "Unrelated", album: "Other"), db)
            try save(record("/m/a/4.flac", title: "Song", album: "Album", fingerprint: "fp2"), db)
            let byFingerprint = try MoveStore.presentFingerprints(inFolders: [folderID], db)
            let present = byFingerprint["fp1"] ?? []
            let new = record("/m/b/new.flac", title: "Song")
            let agreeing = MoveStore.agreeing(present, with: new)
            // What SQL alone makes of every present track with the fingerprint.
            let expected = try MoveStore.claimCandidates(new, libraryID: libraryID, presentIDs: present.map(\.id), db).map(\.side.id)
            #expect(expected.sorted() == [sameTitle, sameAlbum])
            return (agreeing, expected, present.map(\.id))
        }
        #expect(all.count == 3)
        #expect(agreeing.sorted() == expected.sorted())
    }

    @Test func aRenameWithinTheLibraryKeepsTheTrackPresentAndAMissingOneComesBack() throws {
        try database.write { db in
            let present = try save(record("/m/a/1.flac", title: "One"), db)
            let missing = try save(record("/m/a/2.flac", title: "Two"), db)
            try db.execute("UPDATE track SET missing_since = 5 WHERE id = \(missing)")
            let time = Date(timeIntervalSince1970: 2000)
            for (id, path) in [(present, "/m/b/1.flac"), (missing, "/m/b/2.flac")] {
                let file = FileFacts(path: RawPath(path), size: 10, mtimeNs: 1, ctimeNs: 7, inode: 1)
                #expect(try MoveStore.moveFile(id: id, to: file, libraryID: libraryID, folderID: folderID, now: time, db))
            }
            let rows = try db.rows("SELECT path_text, missing_since, ctime_ns, updated_at FROM track ORDER BY id")
            #expect(rows.map { $0[0] as String? } == ["/m/b/1.flac", "/m/b/2.flac"])
            #expect(rows.allSatisfy { ($0[1] as Int64?) == nil && ($0[2] as Int64?) == 7 && ($0[3] as Int64?) == 2000 })
            // Another row holding the path: nothing moves.
            let file = FileFacts(path: RawPath("/m/b/2.flac"), size: 10, mtimeNs: 1, ctimeNs: 7, inode: 1)
            #expect(try !MoveStore.moveFile(id: present, to: file, libraryID: libraryID, folderID: folderID, now: time, db))
        }
    }

    @Test func missingTracksWithTheFingerprintAndTitleOrAlbumAreCandidates() throws {
        let (candidates, expected) = try database.write { db -> ([Int64], [Int64]) in
            let sameTitle = try save(record("/m/a/1.flac", title: "Song", album: "Other"), db)
            let sameAlbum = try save(record("/m/a/2.flac", title: "Renamed"), db)
            try save(record("/m/a/3.flac", title: "Unrelated", album: "Other"), db)
            try save(record("/m/a/4.flac", title: "Song", fingerprint: "fp2"), db)
            let present = try save(record("/m/a/5.flac", title: "Song"), db)
            #expect(try !MoveStore.hasMissing(db))
            try db.execute("UPDATE track SET missing_since = 1 WHERE id != \(present)")
            #expect(try MoveStore.hasMissing(db))
            let found = try MoveStore.claimCandidates(record("/m/b/new.flac", title: "Song"), libraryID: libraryID, db)
            #expect(found.first { $0.side.id == sameTitle }?.path == RawPath("/m/a/1.flac"))
            return (found.map(\.side.id).sorted(), [sameTitle, sameAlbum].sorted())
        }
        #expect(candidates == expected)
    }

    @Test func aPathAnotherRowHoldsClaimsNothing() throws {
        let found = try database.write { db in
            let old = try save(record("/m/a/1.flac", title: "Song"), db)
            try save(record("/m/b/new.flac", title: "Other", fingerprint: "fp9"), db)
            try db.execute("UPDATE track SET missing_since = 1 WHERE id = \(old)")
            return try MoveStore.claimCandidates(record("/m/b/new.flac", title: "Song"), libraryID: libraryID, db)
        }
        #expect(found.isEmpty)
    }

    @Test func savingAMovedFileRewritesTheMissingTrackAtTheNewPath() throws {
        let (old, saved) = try database.write { db in
            let old = try save(record("/m/a/1.flac", title: "Song"), db)
            try TrackStore.indexForSearch(ids: [old], db)
            try db.execute("UPDATE track SET missing_since = 1 WHERE id = \(old)")
            let saved = try TrackStore.save(
                record("/m/b/moved.flac", title: "Song Retitled"), existingID: old, libraryID: libraryID, folderID: folderID,
                albumID: nil, generation: 2, now: Date(timeIntervalSince1970: 2000), moved: true, db)
            return (old, saved)
        }
        #expect(saved == TrackStore.Saved(id: old, inserted: false))
        let row = try database.read { db in
            try db.rows("SELECT path_text, title, missing_since, added_scan FROM track").map { ($0[0] as String?, $0[1] as String?, $0[2] as Int64?, $0[3] as Int64?) }
        }
        #expect(row.count == 1)
        #expect(row.first?.0 == "/m/b/moved.flac")
        #expect(row.first?.1 == "Song Retitled")
        #expect(row.first?.2 == nil)
        #expect(row.first?.3 == 1)
    }
}
