import Synchronization

/// One subscriber's queue of events: changes in order, each distinct change at most once while
/// unread, and scan progress coalesced to its latest value. At most `capacity` events wait:
/// a subscriber that lets more pile up has stopped reading, and is dropped (its stream ends;
/// a remote client reconnects and reloads).
final class FeedSubscription: Sendable {
    /// How many distinct changes may wait for a subscriber.
    static let defaultCapacity = 1024
    private let capacity: Int

    private struct State {
        var queue: [LibraryEvent] = []
        var waiter: CheckedContinuation<LibraryEvent?, Never>?
        var finished = false
    }

    private let state = Mutex(State())

    init(capacity: Int = FeedSubscription.defaultCapacity) {
        self.capacity = capacity
    }

    /// Queues `event`, or hands it straight to a waiting reader.
    ///
    /// - Returns: false when the subscription is over: finished, or dropped now because
    ///   `capacity` events were already waiting.
    func deliver(_ event: LibraryEvent) -> Bool {
        var overflowed = false
        let waiter = state.withLock { state -> CheckedContinuation<LibraryEvent?, Never>? in
            guard !state.finished else { return nil }
            if let waiter = state.waiter {
                state.waiter = nil
                return waiter
            }
            if case .scanProgress = event, let index = state.queue.firstIndex(where: \.isScanProgress) {
                state.queue[index] = event
            } else if event.isScanProgress || !state.queue.contains(event) {
                overflowed = state.queue.count >= capacity
                state.queue.append(event)
            }
            return nil
        }
        if overflowed { finish() }
        waiter?.resume(returning: event)
        return !overflowed && !isFinished
    }

    private var isFinished: Bool { state.withLock { $0.finished } }

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
