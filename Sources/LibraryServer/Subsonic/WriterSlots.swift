import Synchronization

/// Bounds how many writer threads of streamed answers run at once. A task that finds no
/// free slot waits without blocking its thread, and waiters are served in order of
/// arrival; a waiter that is cancelled leaves the queue without taking a slot.
final class WriterSlots: Sendable {
    /// The server's slots. Four writers keep both cores of a small machine busy while the
    /// sockets drain; more would only hold more chunks (about 170 KB each, plus a thread
    /// stack) for clients that read no faster.
    static let shared = WriterSlots(limit: 4)

    private struct Waiter {
        let id: UInt64
        let continuation: CheckedContinuation<Bool, Never>
    }

    private struct State {
        var free: Int
        /// Few at a time (one per waiting request), so removing the first is cheap enough.
        var waiters: [Waiter] = []
        var nextID: UInt64 = 0
    }

    /// The most writers at once.
    let limit: Int
    private let state: Mutex<State>
    /// Called (for tests) when a task starts waiting for a slot.
    private let queued: (@Sendable () -> Void)?

    init(limit: Int, queued: (@Sendable () -> Void)? = nil) {
        precondition(limit > 0, "a writer needs at least one slot")
        self.limit = limit
        self.queued = queued
        state = Mutex(State(free: limit))
    }

    /// Takes a slot, waiting for one if none is free. False (and no slot taken) when the
    /// task is cancelled before it gets one; after true the caller must `release()` it.
    func acquire() async -> Bool {
        let id: UInt64? = state.withLock { state in
            if state.free > 0 {
                state.free -= 1
                return nil
            }
            state.nextID += 1
            return state.nextID
        }
        guard let id else { return true }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                // The cancellation flag is set before `onCancel` runs, and both take the
                // lock: a waiter is either never queued or found there by `onCancel`.
                // nil: queued; true: a slot came free meanwhile; false: cancelled.
                let outcome = state.withLock { state -> Bool? in
                    if state.free > 0 {
                        state.free -= 1
                        return true
                    }
                    if Task.isCancelled { return false }
                    state.waiters.append(Waiter(id: id, continuation: continuation))
                    return nil
                }
                if let outcome {
                    continuation.resume(returning: outcome)
                } else {
                    queued?()
                }
            }
        } onCancel: {
            let waiter = state.withLock { state -> Waiter? in
                guard let index = state.waiters.firstIndex(where: { $0.id == id }) else { return nil }
                return state.waiters.remove(at: index)
            }
            waiter?.continuation.resume(returning: false)
        }
    }

    /// Gives a slot back: the longest waiter gets it, or it becomes free.
    func release() {
        let next = state.withLock { state -> Waiter? in
            if state.waiters.isEmpty {
                state.free += 1
                return nil
            }
            return state.waiters.removeFirst()
        }
        next?.continuation.resume(returning: true)
    }
}
