import Foundation
@testable import LibraryCore
@testable import LibraryStorage

/// An in-memory database with one library, filled row by row, for checking `DoctorStore`.
struct DoctorFixture {
    let database: DatabasePool
    private let libraryID: Int64
    private let folderID: Int64

    /// One row of `track`: only the columns the doctor reads.
    struct Row {
        var path: String
        var title: String?
        var artist: String? = "Artist"
        var albumID: Int64?
        var album: String? = "Album"
        var track: Int?
        var total: Int?
        var disc: Int?
        var discTotal: Int?
        var fingerprint: String?
        var durationMs = 200_000
        var missing = false
        var damage: String?
    }

    init() throws {
        (database, libraryID, folderID) = try Fixture.libraryWithFolder()
    }

    /// Adds an album; returns its id.
    @discardableResult
    func album(_ title: String, by artist: String) throws -> Int64 {
        try database.write { db in
            try db.execute("INSERT INTO album (group_key, title, album_artist) VALUES (\(artist + "\u{1F}" + title), \(title), \(artist))")
            return db.lastInsertedRowID
        }
    }

    /// Adds a track; a nil title stands for an untagged one (the file name is stored).
    @discardableResult
    func track(_ row: Row) throws -> Int64 {
        let title = row.title ?? RawPath(row.path).stem
        return try database.write { db in
            try db.execute("""
                INSERT INTO track (library_id, folder_id, path, path_text, file_size, mtime_ns, ctime_ns, format,
                    title, artist, album, album_id, track_number, track_total, disc_number, disc_total,
                    fingerprint, duration_ms, missing_since, damage, added_at, updated_at)
                VALUES (\(libraryID), \(folderID), \(Array(row.path.utf8)), \(row.path), 1, 0, 0, 'FLAC', \(title), \(row.artist), \(row.album), \(row.albumID), \(row.track), \(row.total), \(row.disc), \(row.discTotal), \(row.fingerprint), \(row.durationMs), \(row.missing ? Int64(1) : nil), \(row.damage), 0, 0)
                """)
            return db.lastInsertedRowID
        }
    }

    /// Records a file the scanner could not read.
    func failure(_ path: String, reason: String) throws {
        try database.write { db in
            let file = FileFacts(path: RawPath(path), size: 0, mtimeNs: 0, ctimeNs: 0, inode: 0)
            try FailureStore.record(libraryID: libraryID, file: file, kind: "empty", reason: reason, generation: 1, now: Date(), db)
        }
    }

    /// What the doctor finds.
    func health() throws -> LibraryHealth {
        try database.read { try DoctorStore.health($0) }
    }
}
