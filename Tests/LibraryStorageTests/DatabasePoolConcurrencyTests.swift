import Dispatch
import Foundation
@testable import LibraryCore
@testable import LibraryStorage
import Synchronization
import Testing

@Suite("DatabasePool concurrency")
struct DatabasePoolConcurrencyTests {
    private static func libraryCount(_ connection: Connection) throws -> Int {
        try Fixture.count(connection, "library")
    }

    @Test func readSeesOneSnapshotWhileAnotherThreadCommits() throws {
        try withTemporaryDirectory { folder in
            let queue = try Database.open(.file(folder.appendingPathComponent("db.sqlite").path))
            _ = try queue.write { try Fixture.insertLibrary($0, name: "A", root: "/a") }
            let readStarted = DispatchSemaphore(value: 0)
            let writeDone = DispatchSemaphore(value: 0)
            let writeError = Mutex<String?>(nil)
            DispatchQueue.global().async {
                readStarted.wait()
                do {
                    _ = try queue.write { try Fixture.insertLibrary($0, name: "B", root: "/b") }
                } catch {
                    writeError.withLock { $0 = "\(error)" }
                }
                writeDone.signal()
            }
            let (before, after) = try queue.read { connection in
                let before = try Self.libraryCount(connection)
                readStarted.signal()
                let finished = writeDone.wait(timeout: .now() + 20) == .success
                #expect(finished, "the writer was blocked by an open read")
                return (before, try Self.libraryCount(connection))
            }
            #expect(writeError.withLock { $0 } == nil)
            #expect(before == 1)
            #expect(after == 1)
            #expect(try queue.read { try Self.libraryCount($0) } == 2)
        }
    }

    @Test func readerIsNotLockedOutByAnOpenWriteTransaction() throws {
        try withTemporaryDirectory { folder in
            let queue = try Database.open(.file(folder.appendingPathComponent("db.sqlite").path))
            _ = try queue.write { try Fixture.insertLibrary($0, name: "A", root: "/a") }
            let readDone = DispatchSemaphore(value: 0)
            let readResult = Mutex<Result<Int, DatabaseError>?>(nil)
            try queue.write { connection in
                try Fixture.insertLibrary(connection, name: "B", root: "/b")
                DispatchQueue.global().async {
                    let result = Result { () throws(DatabaseError) -> Int in
                        do {
                            return try queue.read { try Self.libraryCount($0) }
                        } catch let error as DatabaseError {
                            throw error
                        } catch {
                            throw DatabaseError(code: -1, message: "\(error)")
                        }
                    }
                    readResult.withLock { $0 = result }
                    readDone.signal()
                }
                let finished = readDone.wait(timeout: .now() + 20) == .success
                #expect(finished, "the read waited for the write transaction")
            }
            let result = try #require(readResult.withLock { $0 })
            #expect(try result.get() == 1) // the uncommitted row is invisible, and no "database is locked"
            #expect(try queue.read { try Self.libraryCount($0) } == 2)
        }
    }

    @Test func concurrentWritesAreSerialised() async throws {
        let queue = try Database.open(.inMemory)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<20 {
                group.addTask {
                    _ = try queue.write { try Fixture.insertLibrary($0, name: "L\(index)", root: "/l\(index)") }
                }
            }
            try await group.waitForAll()
        }
        #expect(try queue.read { try Self.libraryCount($0) } == 20)
    }

    @Test func inMemoryReadUsesTheWriterAndRollsBackOnThrow() throws {
        let queue = try Database.open(.inMemory)
        _ = try queue.write { try Fixture.insertLibrary($0) }
        #expect(try queue.read { try Self.libraryCount($0) } == 1)
        struct Stop: Error {}
        #expect(throws: Stop.self) {
            try queue.read { connection in
                #expect(connection.isInTransaction)
                throw Stop()
            }
        }
        #expect(try queue.writeWithoutTransaction { !$0.isInTransaction })
        _ = try queue.write { try Fixture.insertLibrary($0, name: "Two", root: "/two") }
        #expect(try queue.read { try Self.libraryCount($0) } == 2)
    }
}
