import Foundation
@testable import LibraryStorage
import Testing

/// Album totals a reader keeps between reads: reused while nothing is committed, read again
/// once the writer commits, and never kept on a connection that writes.
@Suite("Read memo")
struct ReadMemoTests {
    /// A database file with one library, folder and album "Gold" holding one track, and
    /// one reader on it (one throughout, so what it kept is what the last read met).
    private struct Setup {
        let folder: URL, database: DatabasePool, reader: Connection
        let library: Int64, folderID: Int64, album: Int64, track: Int64

        init() throws {
            let files = try DatabaseWithReader("read-memo")
            (folder, database, reader) = (files.folder, files.database, files.reader)
            (library, folderID, album, track) = try database.write { db in
                let library = try Fixture.insertLibrary(db, root: "/m")
                let folderID = try Fixture.insertFolder(db, libraryID: library, path: "/m/a")
                try db.execute("INSERT INTO album (group_key, title, album_artist) VALUES ('k', 'Gold', 'Abba')")
                let album = db.lastInsertedRowID
                let track = try Fixture.insertTrack(db, libraryID: library, folderID: folderID, path: "/m/a/1.flac")
                try db.execute("UPDATE track SET album_id = \(album), duration_ms = 1000 WHERE id = \(track)")
                return (library, folderID, album, track)
            }
        }

        /// Adds a track of the album, `cover` when it holds a picture; its id.
        func addTrack(_ path: String, cover: Bool = false) throws -> Int64 {
            try database.write { db in
                let track = try Fixture.insertTrack(db, libraryID: library, folderID: folderID, path: path)
                try db.execute("UPDATE track SET album_id = \(album), duration_ms = 2000, has_cover = \(cover) WHERE id = \(track)")
                return track
            }
        }
    }

    @Test func aReaderKeepsAlbumTotalsUntilTheWriterCommits() throws {
        let setup = try Setup()
        defer { try? FileManager.default.removeItem(at: setup.folder) }
        let (database, reader, album) = (setup.database, setup.reader, setup.album)
        func songCount() throws -> (songs: Int?, kept: Int?) {
            let songs = try BrowseStore.albums(ids: [album], userID: 1, reader).first?.songCount
            return (songs, reader.readMemo.albumTotals[album]?.songs)
        }
        #expect(try songCount() == (1, 1))
        _ = try setup.addTrack("/m/a/2.flac")
        #expect(try songCount() == (2, 2))
        let writerKeeps = try database.write { db in
            _ = try BrowseStore.albums(ids: [album], userID: 1, db)
            return (try db.refreshReadMemo(), db.readMemo.albumTotals.count)
        }
        #expect(writerKeeps == (false, 0))
    }

    /// A song without a picture shows its album's cover from the reader's totals of the
    /// album, which follow a commit that takes the picture away.
    @Test func aReadersSongCoversFollowTheWritersCommits() throws {
        let setup = try Setup()
        defer { try? FileManager.default.removeItem(at: setup.folder) }
        let pictured = try setup.addTrack("/m/a/2.flac", cover: true)
        func cover() throws -> (song: Bool?, kept: Bool?) {
            let song = try BrowseStore.songs(ids: [setup.track], userID: 1, setup.reader).first
            return (song?.hasCover, setup.reader.readMemo.albumTotals[setup.album]?.hasCover)
        }
        #expect(try cover() == (true, true))
        try setup.database.write { db in try db.execute("UPDATE track SET has_cover = 0 WHERE id = \(pictured)") }
        #expect(try cover() == (false, false))
    }

    /// Credited artists' names come from the reader's memo once read, and follow a commit
    /// that renames the artist; a writer reads them from the table.
    @Test func aReadersCreditedNamesFollowTheWritersCommits() throws {
        let setup = try Setup()
        defer { try? FileManager.default.removeItem(at: setup.folder) }
        let artist = try setup.database.write { db in
            try db.execute("INSERT INTO artist (name, name_key) VALUES ('Abba', 'abba')")
            let artist = db.lastInsertedRowID
            try db.execute("""
                INSERT INTO track_artist (track_id, role, position, artist_id)
                VALUES (\(setup.track), 'artist', 0, \(artist)), (\(setup.track), 'albumartist', 0, \(artist))
                """)
            return artist
        }
        func credits(_ db: Connection) throws -> [String] {
            let song = try #require(try BrowseStore.songs(ids: [setup.track], userID: 1, db).first)
            return (song.artists + song.albumArtists).map { "\($0.id) \($0.name)" }
        }
        #expect(try credits(setup.reader) == ["\(artist) Abba", "\(artist) Abba"])
        #expect(setup.reader.readMemo.artistNames == [artist: "Abba"])
        #expect(try credits(setup.reader) == ["\(artist) Abba", "\(artist) Abba"])
        try setup.database.write { db in try db.execute("UPDATE artist SET name = 'ABBA', name_key = 'abba' WHERE id = \(artist)") }
        #expect(try credits(setup.reader) == ["\(artist) ABBA", "\(artist) ABBA"])
        #expect(try setup.database.write { db in try credits(db) } == ["\(artist) ABBA", "\(artist) ABBA"])
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
