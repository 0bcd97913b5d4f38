import Foundation
import LibraryCore
import LibraryStorage
import TestKit

/// Every reader connection of a database held inside a read, as long queries would hold
/// them, until `release`: what must still answer then cannot be waiting for a reader.
public struct HeldReaders: Sendable {
    private let gate: Gate
    private let reads: Task<Void, any Error>

    /// Starts `DatabasePool.defaultReaderCount` reads that block, and returns once all of
    /// them are inside their transactions.
    package static func holdingEveryReader(of database: DatabasePool) async throws -> HeldReaders {
        let gate = Gate()
        let count = DatabasePool.defaultReaderCount
        let reads = Task {
            try await withThrowingTaskGroup(of: Void.self) { group in
                for _ in 0..<count { group.addTask { try await database.asyncRead { _ in gate.wait() } } }
                try await group.waitForAll()
            }
        }
        do {
            try await Wait.until("every reader of the database held") { gate.waiting == count }
        } catch {
            gate.open()
            throw error
        }
        return HeldReaders(gate: gate, reads: reads)
    }

    /// Lets the reads finish and waits for them.
    public func release() async throws {
        gate.open()
        try await Wait.bounded("the held reads to finish") { try await reads.value }
    }
}
