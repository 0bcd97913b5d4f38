import CSQLite
import Foundation
@testable import LibraryCore
@testable import LibraryStorage
import Synchronization
import TestKit
import Testing

/// `StatementLimits`: network requests' SQL has a deadline and stops at shutdown; SQL run
/// without limits (the command line) runs to the end.
@Suite("Statement limits")
struct StatementLimitsTests {
    /// Counts to 10^10: runs for hours unless interrupted.
    static let endless: SQL = "WITH RECURSIVE c(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM c WHERE n < 10000000000) SELECT count(*) FROM c"
    /// Counts to two million: a fraction of a second of SQLite steps.
    static let long: SQL = "WITH RECURSIVE c(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM c WHERE n < 2000000) SELECT count(*) FROM c"

    private static func fileDatabase() throws -> (DatabasePool, URL) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kanora-limits-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return (try Database.open(.file(folder.appendingPathComponent("db.sqlite").path)), folder)
    }

    /// The error `work` throws under `limits`, nil if it returns; bounded so a statement that
    /// is never interrupted fails the test instead of hanging it.
    private static func failure(
        under limits: StatementLimits?, _ what: String, _ work: @escaping @Sendable () async throws -> Void
    ) async throws -> DatabaseError? {
        try await Wait.bounded(what) {
            do {
                try await StatementLimits.$current.withValue(limits) { try await work() }
                return nil
            } catch let error as DatabaseError {
                return error
            }
        }
    }

    @Test func aReadPastItsDeadlineIsInterruptedAndTheConnectionStaysUsable() async throws {
        let (queue, folder) = try Self.fileDatabase()
        defer { try? FileManager.default.removeItem(at: folder) }
        let limits = StatementLimits(timeout: .milliseconds(100))
        let error = try await Self.failure(under: limits, "the endless read to be interrupted") {
            _ = try await queue.asyncRead { try $0.scalar(Self.endless) as Int? }
        }
        #expect(error?.interruption == .deadline(.milliseconds(100)))
        #expect(error?.code == SQLITE_INTERRUPT)
        // The reader's transaction ended: it sees a write made after the interruption.
        try await StatementLimits.$current.withValue(limits) {
            _ = try await queue.asyncWrite { try Fixture.insertLibrary($0) }
            #expect(try await queue.asyncRead { try Fixture.count($0, "library") } == 1)
        }
    }

    @Test func anInterruptedWriteChangesNothing() async throws {
        let queue = try Database.open(.inMemory)
        let error = try await Self.failure(under: StatementLimits(timeout: .milliseconds(100)), "the endless write to be interrupted") {
            _ = try await queue.asyncWrite { connection in
                try Fixture.insertLibrary(connection)
                return try connection.scalar(Self.endless) as Int?
            }
        }
        #expect(error?.interruption == .deadline(.milliseconds(100)))
        #expect(try queue.read { try Fixture.count($0, "library") } == 0)
        _ = try queue.write { try Fixture.insertLibrary($0) }
        #expect(try queue.read { try Fixture.count($0, "library") } == 1)
    }

    /// A body that swallows the failure (`try?`) still fails: its result is incomplete.
    @Test func aSwallowedInterruptionStillFailsTheCall() async throws {
        let queue = try Database.open(.inMemory)
        let error = try await Self.failure(under: StatementLimits(timeout: .milliseconds(50)), "the swallowed interruption") {
            _ = try await queue.asyncRead { connection in (try? connection.scalar(Self.endless) as Int?) ?? -1 }
        }
        #expect(error?.interruption == .deadline(.milliseconds(50)))
    }

    @Test func theInterrupterStopsRunningStatementsAndRefusesLaterOnes() async throws {
        let (queue, folder) = try Self.fileDatabase()
        defer { try? FileManager.default.removeItem(at: folder) }
        let interrupter = StatementInterrupter()
        let limits = StatementLimits(timeout: nil, interrupter: interrupter)
        let started = Atomic(0)
        let running = Task {
            try await Self.failure(under: limits, "the running read to be interrupted") {
                _ = try await queue.asyncRead { connection in
                    started.add(1, ordering: .relaxed)
                    return try connection.scalar(Self.endless) as Int?
                }
            }
        }
        try await Wait.until("the endless read to start") { started.load(ordering: .relaxed) == 1 }
        interrupter.interrupt()
        #expect(try await running.value?.interruption == .shutdown)
        let later = try await Self.failure(under: limits, "a later read to be refused") {
            _ = try await queue.asyncRead { _ in started.add(1, ordering: .relaxed) }
        }
        #expect(later?.interruption == .shutdown)
        #expect(started.load(ordering: .relaxed) == 1)
    }

    /// The command line runs without limits: nothing watches its statements, not even a
    /// connection that served a watched call before.
    @Test func withoutLimitsStatementsRunToTheEnd() async throws {
        let queue = try Database.open(.inMemory)
        let interrupter = StatementInterrupter()
        let stopped = StatementLimits(timeout: nil, interrupter: interrupter)
        let watched = try await StatementLimits.$current.withValue(stopped) { try await queue.asyncRead { try $0.scalar("SELECT 1") as Int? } }
        #expect(watched == 1)
        interrupter.interrupt()
        let underLimits = try await Self.failure(under: stopped, "the long read under stopped limits") {
            _ = try await queue.asyncRead { try $0.scalar(Self.long) as Int? }
        }
        #expect(underLimits?.interruption == .shutdown)
        // The same connection, without limits: sync and async calls run to the end.
        #expect(StatementLimits.current == nil)
        #expect(try queue.read { try $0.scalar(Self.long) as Int? } == 2_000_000)
        #expect(try await queue.asyncRead { try $0.scalar(Self.long) as Int? } == 2_000_000)
        #expect(try queue.write { try $0.scalar(Self.long) as Int? } == 2_000_000)
    }
}
