import Dispatch
import Foundation
import Synchronization
import TestKit
import Testing
@testable import LibraryCore

@Suite("DatabaseQueue reader pool")
struct DatabasePoolTests {
    private static func libraryCount(_ connection: Connection) throws -> Int {
        try Fixture.count(connection, "library")
    }

    @Test func concurrentAsyncReadsDoNotWaitForAnOpenWriteTransaction() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kanora-pool-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let queue = try Database.open(.file(folder.appendingPathComponent("db.sqlite").path))
        _ = try queue.write { try Fixture.insertLibrary($0, name: "A", root: "/a") }
        let writeOpen = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let writer = Thread {
            _ = try? queue.write { connection in
                try Fixture.insertLibrary(connection, name: "B", root: "/b")
                writeOpen.signal()
                _ = release.wait(timeout: .now() + 30)
            }
        }
        writer.start()
        defer { release.signal() }
        writeOpen.wait()
        let counts = try await Wait.bounded("8 reads while a write transaction is open", timeout: .seconds(5)) {
            try await withThrowingTaskGroup(of: Int.self) { group in
                for _ in 0..<8 { group.addTask { try await queue.asyncRead { try Self.libraryCount($0) } } }
                return try await group.reduce(into: []) { $0.append($1) }
            }
        }
        #expect(counts == Array(repeating: 1, count: 8))
    }

    @Test func readsRunSideBySideOnSeveralConnections() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kanora-pool-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let queue = try Database.open(.file(folder.appendingPathComponent("db.sqlite").path))
        let readers = DatabaseQueue.defaultReaderCount
        let inside = Counter()
        // Each read waits inside its transaction until all are inside: only a pool of
        // `readers` connections lets that happen.
        let met = try await withThrowingTaskGroup(of: Bool.self) { group in
            for _ in 0..<readers {
                group.addTask {
                    try await queue.asyncRead { connection in
                        _ = try Self.libraryCount(connection)
                        inside.value.add(1, ordering: .sequentiallyConsistent)
                        let deadline = Date().addingTimeInterval(5)
                        while inside.value.load(ordering: .sequentiallyConsistent) < readers, Date() < deadline {
                            usleep(1_000)
                        }
                        return inside.value.load(ordering: .sequentiallyConsistent) >= readers
                    }
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(met == Array(repeating: true, count: readers))
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

private final class Counter: Sendable {
    let value = Atomic(0)
}
