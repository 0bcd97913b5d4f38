import Foundation
@testable import LibraryStorage
import Testing

/// Album totals a reader keeps between reads: reused while nothing is committed, read again
/// once the writer commits, and never kept on a connection that writes.
@Suite("Read memo")
struct ReadMemoTests {
    @Test func aReaderKeepsAlbumTotalsUntilTheWriterCommits() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kanora-read-memo-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("db.sqlite").path
        let database = try Database.open(.file(path))
        // One reader throughout, so what it kept is what the last read met.
        let reader = try Connection(location: .file(path), readOnly: true)
        let (library, folderID, album) = try database.write { db in
            let library = try Fixture.insertLibrary(db, root: "/m")
            let folderID = try Fixture.insertFolder(db, libraryID: library, path: "/m/a")
            try db.execute("INSERT INTO album (group_key, title, album_artist) VALUES ('k', 'Gold', 'Abba')")
            let album = db.lastInsertedRowID
            let track = try Fixture.insertTrack(db, libraryID: library, folderID: folderID, path: "/m/a/1.flac")
            try db.execute("UPDATE track SET album_id = \(album), duration_ms = 1000 WHERE id = \(track)")
            return (library, folderID, album)
        }
        func songCount() throws -> (songs: Int?, kept: Int?) {
            let songs = try BrowseStore.albums(ids: [album], userID: 1, reader).first?.songCount
            return (songs, reader.readMemo.albumTotals[album]?.songs)
        }
        #expect(try songCount() == (1, 1))
        try database.write { db in
            let track = try Fixture.insertTrack(db, libraryID: library, folderID: folderID, path: "/m/a/2.flac")
            try db.execute("UPDATE track SET album_id = \(album), duration_ms = 2000 WHERE id = \(track)")
        }
        #expect(try songCount() == (2, 2))
        let writerKeeps = try database.write { db in
            _ = try BrowseStore.albums(ids: [album], userID: 1, db)
            return (try db.refreshReadMemo(), db.readMemo.albumTotals.count)
        }
        #expect(writerKeeps == (false, 0))
    }

    @Test func theMemoStartsOverPastItsLimit() {
        var memo = ReadMemo()
        let totals = BrowseStore.AlbumTotals()
        let almostFull = Dictionary(uniqueKeysWithValues: (1...Int64(ReadMemo.albumLimit - 1)).map { ($0, totals) })
        memo.keep(almostFull)
        memo.keep([Int64(ReadMemo.albumLimit): totals])
        #expect(memo.albumTotals.count == ReadMemo.albumLimit)
        memo.keep([-1: totals])
        // Past the limit: only what was just read is kept.
        #expect(memo.albumTotals.count == 1)
        #expect(memo.albumTotals[-1] != nil)
    }
}
