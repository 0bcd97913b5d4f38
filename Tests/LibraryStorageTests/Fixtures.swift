import Foundation
@testable import LibraryCore
@testable import LibraryStorage

/// Rows the schema tests insert, with every NOT NULL column filled.
enum Fixture {
    /// The schema's migrations up to the one named `name`, without it: a database as the
    /// build before that migration left it.
    static func migrator(before name: String) -> Migrator {
        Migrator(Array(Schema.migrations.prefix { $0.name != name }))
    }

    /// The names of the indexes on `track`.
    static func trackIndexNames(_ db: Connection) throws -> Set<String> {
        Set(try db.values("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'track'"))
    }

    /// A new in-memory database with one library (root "/m") and its folder "/m/a".
    static func libraryWithFolder() throws -> (database: DatabasePool, libraryID: Int64, folderID: Int64) {
        let database = try Database.open(.inMemory)
        let (library, folder) = try database.write { db in
            let library = try insertLibrary(db, root: "/m")
            return (library, try insertFolder(db, libraryID: library, path: "/m/a"))
        }
        return (database, library, folder)
    }

    @discardableResult
    static func insertLibrary(_ connection: Connection, name: String = "Music", root: String = "/music") throws -> Int64 {
        try connection.execute("INSERT INTO library (name, name_key, root, root_text, created_at) VALUES (\(name), \(name.lowercased()), \(Array(root.utf8)), \(root), 0)")
        return connection.lastInsertedRowID
    }

    @discardableResult
    static func insertFolder(_ connection: Connection, libraryID: Int64, path: String = "/music/a") throws -> Int64 {
        try connection.execute("INSERT INTO folder (library_id, path, path_text) VALUES (\(libraryID), \(Array(path.utf8)), \(path))")
        return connection.lastInsertedRowID
    }

    @discardableResult
    static func insertTrack(
        _ connection: Connection, libraryID: Int64, folderID: Int64,
        path: String = "/music/a/1.flac", title: String? = "Song"
    ) throws -> Int64 {
        try connection.execute(
            """
            INSERT INTO track (library_id, folder_id, path, path_text, file_size, mtime_ns, ctime_ns,
                               format, title, added_at, updated_at)
            VALUES (\(libraryID), \(folderID), \(Array(path.utf8)), \(path), 1, 0, 0, 'flac', \(title), 0, 0)
            """)
        let id = connection.lastInsertedRowID
        try TrackStore.indexForSearch(ids: [id], connection)
        return id
    }

    @discardableResult
    static func insertPlaylist(_ connection: Connection, name: String, key: String? = nil, userID: Int64 = 1) throws -> Int64 {
        try connection.execute("INSERT INTO playlist (user_id, name, name_key, created_at, updated_at) VALUES (\(userID), \(name), \(key ?? name.lowercased()), 0, 0)")
        return connection.lastInsertedRowID
    }

    @discardableResult
    static func insertPlaylistItem(_ connection: Connection, playlistID: Int64, trackID: Int64, position: Int = 0) throws -> Int64 {
        try connection.execute("INSERT INTO playlist_item (playlist_id, position, track_id, added_at) VALUES (\(playlistID), \(position), \(trackID), 0)")
        return connection.lastInsertedRowID
    }

    static func count(_ connection: Connection, _ table: String) throws -> Int {
        try connection.scalar("SELECT count(*) FROM \(sql: table)") ?? -1
    }
}

/// A unique folder under the system temp directory, removed when `body` returns.
func withTemporaryDirectory<T>(_ body: (URL) throws -> T) throws -> T {
    let url = FileManager.default.temporaryDirectory
        .appendingPathComponent("kanora-coretests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: url) }
    return try body(url)
}

/// The names in a folder, sorted.
func contents(of url: URL) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: url.path).sorted()
}

/// A database file in a folder of its own, and one read-only connection on it: a reader kept
/// throughout a test, so what it kept in its memo is what its last read met.
struct DatabaseWithReader {
    let folder: URL, database: DatabasePool, reader: Connection

    /// Creates the folder (named after `name`) and the database in it.
    init(_ name: String) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("kanora-\(name)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent("db.sqlite").path
        database = try Database.open(.file(path))
        reader = try Connection(location: .file(path), readOnly: true)
    }

    /// Deletes the folder and the database.
    func remove() {
        try? FileManager.default.removeItem(at: folder)
    }
}
