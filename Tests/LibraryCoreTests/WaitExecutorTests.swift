import Dispatch
import Foundation
import Testing
import TestKit

/// `Wait.bounded` runs its operation on threads of its own, so a test's bounded work (a
/// server, its requests) progresses while other tests block the cooperative pool.
@Suite("Bounded waits off the cooperative pool")
struct WaitExecutorTests {
    @Test func aBoundedOperationProgressesWhileEveryCooperativeThreadIsBlocked() async throws {
        let threads = ProcessInfo.processInfo.activeProcessorCount
        let done = DispatchSemaphore(value: 0)
        let blocking = DispatchSemaphore(value: 0)
        // As many synchronous waits as the pool has threads: until the operation signals,
        // no cooperative job runs (the bound only keeps a regression from hanging the suite).
        let blockers = (0..<threads).map { _ in
            Task.detached {
                blocking.signal()
                return done.wait(timeout: .now() + 20) == .success
            }
        }
        let hops = try await Wait.bounded("ten suspensions of the operation") {
            // Once every blocker holds a cooperative thread:
            for _ in 0..<threads { await Self.wait(for: blocking) }
            var hops = 0
            for _ in 0..<10 {
                await Task.yield()
                hops += 1
            }
            for _ in 0..<threads { done.signal() }
            return hops
        }
        var releasedBySignal = 0
        for blocker in blockers {
            if await blocker.value { releasedBySignal += 1 }
        }
        #expect(hops == 10)
        #expect(releasedBySignal == threads, "the operation waited for the blocked cooperative pool")
    }

    /// Waits for `semaphore` on a thread of its own, not on the cooperative pool.
    private static func wait(for semaphore: DispatchSemaphore) async {
        await withCheckedContinuation { continuation in
            Thread {
                semaphore.wait()
                continuation.resume()
            }.start()
        }
    }
}
