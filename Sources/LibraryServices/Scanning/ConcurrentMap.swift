import Dispatch
import Foundation
import Synchronization

extension Array where Element: Sendable {
    /// `transform` applied to every element, on every core, with the results in order.
    /// Runs inline for a single element. Each worker takes the next element as it becomes
    /// free, so all cores stay busy until the last element; `perThread` is given the CPU
    /// seconds each worker spent (once per worker).
    func concurrentMap<T: Sendable>(perThread: (Double) -> Void = { _ in }, _ transform: (Element) -> T) -> [T] {
        guard count > 1 else {
            let start = CPUClock.thread()
            defer { perThread(CPUClock.thread() - start) }
            return map(transform)
        }
        let slots = ResultSlots<T>(count: count)
        let next = Atomic<Int>(0)
        let workers = Swift.min(count, ProcessInfo.processInfo.activeProcessorCount)
        withoutActuallyEscaping(transform) { transform in
            withoutActuallyEscaping(perThread) { perThread in
                let (transform, perThread) = (UncheckedSendable(transform), UncheckedSendable(perThread))
                DispatchQueue.concurrentPerform(iterations: workers) { _ in
                    let start = CPUClock.thread()
                    while true {
                        let index = next.add(1, ordering: .relaxed).oldValue
                        guard index < count else { break }
                        slots.set(index, transform.value(self[index]))
                    }
                    perThread.value(CPUClock.thread() - start)
                }
            }
        }
        return slots.values()
    }
}

/// A value handed across threads where the caller guarantees the access is safe: here a
/// closure that `concurrentPerform` calls from its workers before returning.
private struct UncheckedSendable<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}

/// One slot per element; each index is written by exactly one iteration, then read after
/// all iterations have finished (concurrentPerform returns only then).
private final class ResultSlots<T>: @unchecked Sendable {
    private var slots: [T?]
    private let lock = NSLock()

    init(count: Int) {
        slots = Array(repeating: nil, count: count)
    }

    func set(_ index: Int, _ value: T) {
        lock.lock()
        slots[index] = value
        lock.unlock()
    }

    func values() -> [T] {
        slots.map { $0! }
    }
}
