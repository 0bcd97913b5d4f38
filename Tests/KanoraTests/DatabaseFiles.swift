import LibraryCore
import LibraryStorage

/// Sets `PRAGMA user_version` of a database file, as a newer Kanora would.
func setUserVersion(_ version: Int, of path: String) throws {
    let connection = try Connection(location: .file(path))
    try connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    try connection.execute("PRAGMA user_version = \(sql: String(version))")
    try connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
}
