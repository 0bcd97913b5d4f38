import Dispatch
import Foundation

extension Array where Element: Sendable {
    /// `transform` applied to every element, on every core, with the results in order.
    /// Runs inline for a single element.
    func concurrentMap<T: Sendable>(_ transform: (Element) -> T) -> [T] {
        guard count > 1 else { return map(transform) }
        let slots = ResultSlots<T>(count: count)
        withoutActuallyEscaping(transform) { transform in
            let transform = UncheckedSendable(transform)
            DispatchQueue.concurrentPerform(iterations: count) { index in
                slots.set(index, transform.value(self[index]))
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
