import Synchronization

/// A counting semaphore for tasks: at most `permits` holders at once. A task waiting for a
/// permit is suspended, holding no thread; permits go to waiters in the order they came.
public final class AsyncSemaphore: Sendable {
    private struct State {
        var available: Int
        var waiters: [CheckedContinuation<Void, Never>] = []
        var holders = 0
    }

    private let state: Mutex<State>

    /// A semaphore with `permits` permits (at least one).
    public init(permits: Int) {
        state = Mutex(State(available: max(1, permits)))
    }

    /// How many tasks hold a permit now.
    var holders: Int { state.withLock { $0.holders } }

    /// How many tasks are waiting for a permit now.
    var waiting: Int { state.withLock { $0.waiters.count } }

    /// The result of `body`, run while holding a permit (waiting for one first if none is free).
    public func withPermit<T: Sendable>(_ body: () async throws -> T) async rethrows -> T {
        await acquire()
        defer { release() }
        return try await body()
    }

    /// Takes a permit, suspending until one is free.
    func acquire() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let granted = state.withLock { state -> Bool in
                guard state.available > 0 else {
                    state.waiters.append(continuation)
                    return false
                }
                state.available -= 1
                state.holders += 1
                return true
            }
            if granted { continuation.resume() }
        }
    }

    /// Gives a permit back: to the longest waiter, else to the pool.
    func release() {
        let next = state.withLock { state -> CheckedContinuation<Void, Never>? in
            guard !state.waiters.isEmpty else {
                state.available += 1
                state.holders -= 1
                return nil
            }
            return state.waiters.removeFirst()
        }
        next?.resume()
    }
}
