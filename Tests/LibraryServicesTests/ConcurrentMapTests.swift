import Foundation
@testable import LibraryServices
import Synchronization
import Testing

/// `concurrentMap` writes each result straight into its slot of the returned array: every
/// element is transformed once, on the workers, and the results keep the input's order.
@Suite("Concurrent map")
struct ConcurrentMapTests {
    /// A result holding a reference and a heap string, so a slot written twice, never, or
    /// into the wrong place shows (and a leaked or double-freed one crashes).
    final class Box: Sendable {
        let text: String
        init(_ text: String) { self.text = text }
    }

    @Test(arguments: [0, 1, 2, 3, 257, 1_000])
    func everyElementIsTransformedOnceAndTheResultsKeepTheirOrder(count: Int) {
        let calls = Mutex([Int: Int]())
        let input = Array(0..<count)
        let output = input.concurrentMap { (number: Int) -> (Int, Box) in
            calls.withLock { $0[number, default: 0] += 1 }
            return (number * 2, Box("element number \(number), long enough to live on the heap"))
        }
        #expect(output.map(\.0) == input.map { $0 * 2 })
        #expect(output.map(\.1.text) == input.map { "element number \($0), long enough to live on the heap" })
        #expect(calls.withLock { $0 } == Dictionary(uniqueKeysWithValues: input.map { ($0, 1) }))
    }

    @Test func eachWorkerReportsItsCPUTimeOnce() {
        let reports = Mutex(0)
        _ = Array(0..<64).concurrentMap(perThread: { _ in reports.withLock { $0 += 1 } }) { $0 }
        let count = reports.withLock { $0 }
        #expect(count >= 1 && count <= ProcessInfo.processInfo.activeProcessorCount)
    }
}
