import Foundation
@testable import LibraryStorage
import Testing

/// A reader's sort larger than its page cache goes to a temporary file instead of staying in
/// memory until the query ends (a whole-library aggregate at a million tracks held 11 MB),
/// and answers as the writer's in-memory sort does.
@Suite("Reader sorts")
struct ReaderSortTests {
    /// The temporary files SQLite has open in this process (`etilqs_...`, unlinked at once).
    private static func openTemporaryFiles() -> Int {
        let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        return descriptors.count { name in
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(name)"))?.contains("etilqs_") == true
        }
    }

    @Test func aLargeSortOnAReaderSpillsToAFileAndAnswersAsInMemory() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kanora-reader-sort-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let database = try Database.open(.file(folder.appendingPathComponent("db.sqlite").path))
        // 40,000 rows of 100 pseudo-random bytes: 4 MB to sort, twice a reader's 2 MB cache.
        try database.write { db in
            try db.execute("CREATE TABLE noise (id INTEGER PRIMARY KEY, text TEXT NOT NULL)")
            try db.execute("""
                WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 40000)
                INSERT INTO noise (id, text) SELECT i, hex(randomblob(50)) FROM n
                """)
        }
        let sql: SQL = "SELECT id FROM noise ORDER BY text"
        var spilled = 0
        var first = true
        var fromReader: [Int64] = []
        try database.read { db in
            try db.forEach(sql) { row in
                // The first row comes once the whole input is sorted: its runs are on disk.
                if first { spilled = Self.openTemporaryFiles() }
                first = false
                fromReader.append(row["id"] ?? 0)
            }
        }
        let readerSetting: Int64? = try database.read { try $0.scalar("PRAGMA temp_store") }
        let writerSetting: Int64? = try database.write { try $0.scalar("PRAGMA temp_store") }
        let fromWriter: [Int64] = try database.write { db in try db.values(sql) }
        #expect(spilled > 0)
        #expect(readerSetting == 1 && writerSetting == 2)
        #expect(fromReader.count == 40000 && fromReader == fromWriter)
    }
}
