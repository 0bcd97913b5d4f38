import Foundation
import LibraryCore
import LibraryServices
import LibraryStorage
import TestSupport

/// A fresh in-memory database with a scanner and the live browse service over it, and
/// direct SQL for planting annotations (the annotation service is another area's).
struct BrowseHarness {
    let database: DatabasePool
    let scanner: LiveScanService
    let browse: LiveBrowseService
    let folder: TemporaryDirectory

    init(reader: any TagReader = FakeTagReader()) throws {
        database = try Database.open(.inMemory)
        scanner = LiveScanService(database: database, reader: reader, feed: ChangeFeed())
        browse = LiveBrowseService(database: database)
        folder = try TemporaryDirectory("browse")
    }

    /// Writes a fake-tagged file at `relative`.
    func write(_ relative: String, _ metadata: TrackMetadata) throws {
        try folder.write(relative, FakeTagReader.file(metadata))
    }

    /// Scans the harness folder (or `path`).
    @discardableResult
    func scan(_ path: String? = nil) async throws -> ScanSummary {
        try await scanner.run(path ?? folder.url.path).summary
    }

    /// The id of the track titled `title`.
    func trackID(_ title: String) throws -> Int64 {
        try requireValue(database.read { try $0.scalar("SELECT id FROM track WHERE title = \(title)") }, "track \(title)")
    }

    /// The id of the album titled `title`.
    func albumID(_ title: String) throws -> Int64 {
        try requireValue(database.read { try $0.scalar("SELECT id FROM album WHERE title = \(title)") }, "album \(title)")
    }

    /// The id of the artist named `name`.
    func artistID(_ name: String) throws -> Int64 {
        try requireValue(database.read { try $0.scalar("SELECT id FROM artist WHERE name = \(name)") }, "artist \(name)")
    }

    /// Adds a user (id returned) to annotate as.
    func addUser(_ name: String) throws -> Int64 {
        try database.write { db in
            try db.execute("INSERT INTO user (name, created_at) VALUES (\(name), 0)")
            return db.lastInsertedRowID
        }
    }

    /// Runs SQL in a write transaction.
    func execute(_ sql: SQL) throws {
        try database.write { try $0.execute(sql) }
    }

    /// Stars, rates and plays a track for `user`.
    func annotateTrack(_ id: Int64, user: Int64, starredAt: Int64? = nil, rating: Int? = nil, plays: Int = 0, lastPlayed: Int64? = nil) throws {
        try execute("""
            INSERT INTO track_annotation (user_id, track_id, starred_at, rating, play_count, last_played_at)
            VALUES (\(user), \(id), \(starredAt), \(rating), \(plays), \(lastPlayed))
            """)
    }

    /// Stars, rates and plays an album for `user`.
    func annotateAlbum(_ id: Int64, user: Int64, starredAt: Int64? = nil, rating: Int? = nil, plays: Int = 0, lastPlayed: Int64? = nil) throws {
        try execute("""
            INSERT INTO album_annotation (user_id, album_id, starred_at, rating, play_count, last_played_at)
            VALUES (\(user), \(id), \(starredAt), \(rating), \(plays), \(lastPlayed))
            """)
    }
}

struct MissingValue: Error, CustomStringConvertible {
    var description: String
}

/// `value`, or a thrown error naming what was missing.
func requireValue<T>(_ value: T?, _ what: String) throws -> T {
    guard let value else { throw MissingValue(description: "no \(what)") }
    return value
}
