import Synchronization

/// One subscriber's queue of events: changes in order, each distinct change at most once while
/// unread, and scan progress coalesced to its latest value.
final class FeedSubscription: Sendable {
    private struct State {
        var queue: [LibraryEvent] = []
        var waiter: CheckedContinuation<LibraryEvent?, Never>?
        var finished = false
    }

    private let state = Mutex(State())

    /// Queues `event`, or hands it straight to a waiting reader.
    func deliver(_ event: LibraryEvent) {
        let waiter = state.withLock { state -> CheckedContinuation<LibraryEvent?, Never>? in
            guard !state.finished else { return nil }
            if let waiter = state.waiter {
                state.waiter = nil
                return waiter
            }
            if case .scanProgress = event, let index = state.queue.firstIndex(where: \.isScanProgress) {
                state.queue[index] = event
            } else if event.isScanProgress || !state.queue.contains(event) {
                state.queue.append(event)
            }
            return nil
        }
        waiter?.resume(returning: event)
    }

    /// The next event, waiting for one; nil once finished (or when the reading task is cancelled).
    func next() async -> LibraryEvent? {
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let ready = state.withLock { state -> LibraryEvent?? in
                    if !state.queue.isEmpty { return .some(state.queue.removeFirst()) }
                    if state.finished || Task.isCancelled { return .some(nil) }
                    state.waiter = continuation
                    return nil
                }
                if let ready { continuation.resume(returning: ready) }
            }
        } onCancel: {
            finish()
        }
    }

    /// Ends the subscription: a waiting reader gets nil, and nothing more is queued.
    func finish() {
        let waiter = state.withLock { state -> CheckedContinuation<LibraryEvent?, Never>? in
            state.finished = true
            state.queue.removeAll()
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume(returning: nil)
    }
}

extension LibraryEvent {
    /// Whether this is scan progress (coalesced rather than queued).
    var isScanProgress: Bool {
        if case .scanProgress = self { return true }
        return false
    }
}
