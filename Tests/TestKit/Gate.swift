import Foundation

/// Blocks the threads that call `wait` until `open`, counting how many are waiting: a test
/// holds database threads (or connections) busy with it, and knows when they all are.
public final class Gate: @unchecked Sendable {
    private let condition = NSCondition()
    private var isOpen = false
    private var count = 0

    public init() {}

    /// How many threads are blocked in `wait` now.
    public var waiting: Int {
        condition.lock()
        defer { condition.unlock() }
        return count
    }

    /// Blocks the calling thread until `open` (returns at once once opened).
    public func wait() {
        condition.lock()
        count += 1
        while !isOpen { condition.wait() }
        count -= 1
        condition.unlock()
    }

    /// Lets every waiting thread, and every later one, through.
    public func open() {
        condition.lock()
        isOpen = true
        condition.broadcast()
        condition.unlock()
    }
}
