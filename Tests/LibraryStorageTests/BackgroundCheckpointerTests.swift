import CSQLite
import Foundation
@testable import LibraryCore
@testable import LibraryStorage
import Testing

@Suite("Checkpoints beside the writer")
struct BackgroundCheckpointerTests {
    /// A WAL database file with one table, its writer handing checkpoints to a checkpointer
    /// with a small threshold (8 frames; the writer checkpoints itself past 32).
    private static func database(in folder: URL) throws -> (writer: Connection, checkpointer: BackgroundCheckpointer, path: String) {
        let path = folder.appendingPathComponent("db.sqlite").path
        let writer = try Connection(location: .file(path))
        try writer.enableWAL()
        try writer.execute("CREATE TABLE blob (id INTEGER PRIMARY KEY, bytes BLOB)")
        try writer.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        let checkpointer = BackgroundCheckpointer(threshold: 8) { try Connection(location: .file(path)) }
        writer.checkpoint(in: checkpointer)
        return (writer, checkpointer, path)
    }

    private static func fileSize(_ path: String) throws -> Int {
        (try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
    }

    /// Commits `count` transactions of one 6 KB row each (two or three log frames).
    private static func commitRows(_ count: Int, _ writer: Connection) throws {
        for _ in 0..<count {
            try writer.transaction {
                try writer.execute("INSERT INTO blob (bytes) VALUES (randomblob(6000))")
            }
        }
    }

    @Test func pagesReachTheDatabaseFileThroughACheckpointBesideTheWriter() throws {
        try withTemporaryDirectory { folder in
            let (writer, checkpointer, path) = try Self.database(in: folder)
            let before = try Self.fileSize(path)
            // ~15 frames: past the threshold, short of the 32 at which the writer would
            // checkpoint itself, and far short of SQLite's own automatic checkpoint (1,000).
            try Self.commitRows(6, writer)
            checkpointer.settle()
            #expect(try Self.fileSize(path) > before)
            let rows: Int? = try writer.scalar("SELECT count(*) FROM blob")
            #expect(rows == 6)
            let check: String? = try writer.scalar("PRAGMA integrity_check")
            #expect(check == "ok")
        }
    }

    @Test func nothingIsCheckpointedBelowTheThreshold() throws {
        try withTemporaryDirectory { folder in
            let (writer, checkpointer, path) = try Self.database(in: folder)
            let before = try Self.fileSize(path)
            try Self.commitRows(2, writer)
            checkpointer.settle()
            #expect(try Self.fileSize(path) == before)
        }
    }

    @Test func aLongRunOfCommitsKeepsTheLogBounded() throws {
        try withTemporaryDirectory { folder in
            let (writer, checkpointer, path) = try Self.database(in: folder)
            try Self.commitRows(2000, writer)
            checkpointer.settle()
            // 2,000 commits log ~5,400 frames: without restarts the log would hold them
            // all; with them it holds 32 and what was committed while a checkpoint ran,
            // and hardly more than 64 (then the writer waits for the running checkpoint)
            // and the frames of a commit or two, however slowly the checkpoint thread runs.
            let frames = (try Self.fileSize(path + "-wal") - 32) / (4096 + 24)
            #expect(frames < 96)
            let rows: Int? = try writer.scalar("SELECT count(*) FROM blob")
            #expect(rows == 2000)
        }
    }

    @Test func openedDatabasesSettleTogether() throws {
        try withTemporaryDirectory { folder in
            let queue = try Database.open(.file(folder.appendingPathComponent("db.sqlite").path))
            try queue.write { try $0.execute("CREATE TABLE blob (bytes BLOB)") }
            let before = try Self.fileSize(folder.appendingPathComponent("db.sqlite").path)
            // 1,200 frames of 4 KB rows: past the default threshold of 1,000.
            try queue.write { try $0.execute("WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 1200) INSERT INTO blob SELECT randomblob(4000) FROM n") }
            Database.settleCheckpoints()
            #expect(try Self.fileSize(folder.appendingPathComponent("db.sqlite").path) > before + 1000 * 4096)
        }
    }

    @Test func theLastConnectionToCloseCanLeaveTheLogInPlace() throws {
        try withTemporaryDirectory { folder in
            let path = folder.appendingPathComponent("db.sqlite").path
            func writeAndClose(leavingLog: Bool) throws {
                let connection = try Connection(location: .file(path))
                try connection.enableWAL()
                if leavingLog { connection.leaveLogOnClose() }
                try connection.execute("CREATE TABLE IF NOT EXISTS blob (bytes BLOB); INSERT INTO blob VALUES (randomblob(20000))")
            }
            // SQLite's own way: the last connection copies the log and deletes it.
            try writeAndClose(leavingLog: false)
            #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
            try writeAndClose(leavingLog: true)
            #expect(try Self.fileSize(path + "-wal") > 20000)
        }
    }
}
