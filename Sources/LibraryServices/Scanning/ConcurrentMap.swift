import Dispatch
import Foundation
import Synchronization

extension Array where Element: Sendable {
    /// `transform` applied to every element, on every core, with the results in order.
    /// Runs inline for a single element. Each worker takes the next element as it becomes
    /// free, so all cores stay busy until the last element; `perThread` is given the CPU
    /// seconds each worker spent (once per worker).
    ///
    /// Each result is written straight into its place in the returned array: a scan's
    /// batch of track records (about a kilobyte each) is neither kept as optionals in a
    /// side array nor copied out of one, which cost a retain and a release per stored
    /// string and fresh pages (faulted in and zeroed) for a second array every batch.
    func concurrentMap<T: Sendable>(perThread: (Double) -> Void = { _ in }, _ transform: (Element) -> T) -> [T] {
        guard count > 1 else {
            let start = CPUClock.thread()
            defer { perThread(CPUClock.thread() - start) }
            return map(transform)
        }
        let count = self.count
        let next = Atomic<Int>(0)
        let workers = Swift.min(count, processorCount)
        return [T](unsafeUninitializedCapacity: count) { buffer, initialized in
            withoutActuallyEscaping(transform) { transform in
                withoutActuallyEscaping(perThread) { perThread in
                    let (transform, perThread) = (UncheckedSendable(transform), UncheckedSendable(perThread))
                    let slots = UncheckedSendable(buffer.baseAddress!)
                    DispatchQueue.concurrentPerform(iterations: workers) { _ in
                        let start = CPUClock.thread()
                        while true {
                            let index = next.add(1, ordering: .relaxed).oldValue
                            guard index < count else { break }
                            // Each index is taken by exactly one worker; every slot is
                            // written before concurrentPerform returns.
                            (slots.value + index).initialize(to: transform.value(self[index]))
                        }
                        perThread.value(CPUClock.thread() - start)
                    }
                }
            }
            initialized = count
        }
    }
}

/// The cores to use, read once: `activeProcessorCount` reads the cgroup's CPU limits from
/// files on every call.
private let processorCount = ProcessInfo.processInfo.activeProcessorCount

/// A value handed across threads where the caller guarantees the access is safe: here a
/// closure, and the result buffer each of whose slots one worker writes, that
/// `concurrentPerform` uses from its workers before returning.
private struct UncheckedSendable<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
