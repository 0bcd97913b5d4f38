import Dispatch
import Foundation
@testable import LibraryCore
@testable import LibraryStorage
import TestKit
import Testing

@Suite("DatabasePool reader pool")
struct DatabasePoolTests {
    private static func libraryCount(_ connection: Connection) throws -> Int {
        try Fixture.count(connection, "library")
    }

    private static func fileDatabase() throws -> (DatabasePool, URL) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kanora-pool-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return (try Database.open(.file(folder.appendingPathComponent("db.sqlite").path)), folder)
    }

    /// Holds a write transaction open on a thread of its own until `release` is signalled.
    private static func holdWrite(_ queue: DatabasePool, release: DispatchSemaphore) {
        let writeOpen = DispatchSemaphore(value: 0)
        Thread {
            _ = try? queue.write { connection in
                try Fixture.insertLibrary(connection, name: "B", root: "/b")
                writeOpen.signal()
                release.wait()
            }
        }.start()
        writeOpen.wait()
    }

    private static func eightReads(_ queue: DatabasePool) async throws -> [Int] {
        try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<8 { group.addTask { try await queue.asyncRead { try Self.libraryCount($0) } } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
    }

    @Test func concurrentAsyncReadsDoNotWaitForAnOpenWriteTransaction() async throws {
        let (queue, folder) = try Self.fileDatabase()
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = try queue.write { try Fixture.insertLibrary($0, name: "A", root: "/a") }
        let release = DispatchSemaphore(value: 0)
        Self.holdWrite(queue, release: release)
        defer { release.signal() }
        // The bound only turns a hang into a failure: the reads need no other suite's threads.
        let counts = try await Wait.bounded("8 reads while a write transaction is open") { try await Self.eightReads(queue) }
        #expect(counts == Array(repeating: 1, count: 8))
    }

    @Test func writesWaitingForTheLockHoldNoReadersThread() async throws {
        let (queue, folder) = try Self.fileDatabase()
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = try queue.write { try Fixture.insertLibrary($0, name: "A", root: "/a") }
        let release = DispatchSemaphore(value: 0)
        Self.holdWrite(queue, release: release)
        // More waiting writes than the database has readers: each would have held a shared
        // thread before; now they queue on the one write thread.
        let writes = Task {
            try await withThrowingTaskGroup(of: Void.self) { group in
                for index in 0..<(DatabasePool.defaultReaderCount + 2) {
                    group.addTask { _ = try await queue.asyncWrite { try Fixture.insertLibrary($0, name: "W\(index)", root: "/w\(index)") } }
                }
                try await group.waitForAll()
            }
        }
        let counts = try await Wait.bounded("8 reads while writes wait for the lock") { try await Self.eightReads(queue) }
        #expect(counts == Array(repeating: 1, count: 8))
        release.signal()
        try await writes.value
        #expect(try queue.read { try Self.libraryCount($0) } == 2 + DatabasePool.defaultReaderCount + 2)
    }

    @Test func oneDatabasesBlockedReadsDoNotDelayAnothers() async throws {
        let (busy, busyFolder) = try Self.fileDatabase()
        let (free, freeFolder) = try Self.fileDatabase()
        defer {
            try? FileManager.default.removeItem(at: busyFolder)
            try? FileManager.default.removeItem(at: freeFolder)
        }
        _ = try free.write { try Fixture.insertLibrary($0, name: "A", root: "/a") }
        let gate = Gate()
        let blocked = Task {
            try await withThrowingTaskGroup(of: Void.self) { group in
                for _ in 0..<(DatabasePool.defaultReaderCount * 2) { group.addTask { try await busy.asyncRead { _ in gate.wait() } } }
                try await group.waitForAll()
            }
        }
        try await Wait.until("every reader of the busy database blocked") { gate.waiting == DatabasePool.defaultReaderCount }
        let counts = try await Wait.bounded("reads of another database") { try await Self.eightReads(free) }
        #expect(counts == Array(repeating: 1, count: 8))
        gate.open()
        try await blocked.value
    }

    @Test func readsRunSideBySideOnSeveralConnections() async throws {
        let (queue, folder) = try Self.fileDatabase()
        defer { try? FileManager.default.removeItem(at: folder) }
        let readers = DatabasePool.defaultReaderCount
        let gate = Gate()
        // Each read waits inside its transaction until all are inside: only a pool of
        // `readers` connections, each on its own thread, lets that happen.
        let reads = Task {
            try await withThrowingTaskGroup(of: Int.self) { group in
                for _ in 0..<readers {
                    group.addTask {
                        try await queue.asyncRead { connection in
                            let count = try Self.libraryCount(connection)
                            gate.wait()
                            return count
                        }
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
        }
        try await Wait.until("\(readers) reads inside their transactions at once") { gate.waiting == readers }
        gate.open()
        #expect(try await reads.value == Array(repeating: 0, count: readers))
    }

    @Test func idleThreadsEnd() async throws {
        let executor = DatabaseExecutor(maximumThreads: 2, idleLifetime: 0.01)
        #expect(try await executor.run { DatabaseExecutor.isCurrentThreadExecutor })
        try await Wait.until("the idle thread ended") { executor.threadCount == 0 }
        #expect(try await executor.run { 7 } == 7)
    }

    @Test func inMemoryDatabasesReadAndWriteAsyncOnTheirOneConnection() async throws {
        let queue = try Database.open(.inMemory)
        _ = try await queue.asyncWrite { try Fixture.insertLibrary($0, name: "A", root: "/a") }
        async let first = queue.asyncRead { try Self.libraryCount($0) }
        async let second = queue.asyncRead { try Self.libraryCount($0) }
        #expect(try await [first, second] == [1, 1])
        await #expect(throws: DatabaseError.self) {
            try await queue.asyncWrite { try $0.execute("INSERT INTO nowhere VALUES (1)") }
        }
    }

    @Test func asyncWorkRunsOffTheCallersThread() async throws {
        let queue = try Database.open(.inMemory)
        #expect(try await queue.asyncRead { _ in DatabaseExecutor.isCurrentThreadExecutor })
        #expect(try await queue.asyncWrite { _ in DatabaseExecutor.isCurrentThreadExecutor })
        #expect(!DatabaseExecutor.isCurrentThreadExecutor)
    }
}
