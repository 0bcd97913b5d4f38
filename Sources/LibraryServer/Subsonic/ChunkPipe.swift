import Dispatch
import Synchronization

/// Chunks passed from a writer thread to the task sending them, at most `capacity` waiting:
/// the writer blocks (its own thread, never a task's) until the sender takes one, so an
/// answer is never ahead of its socket by more than that. A writer that has waited
/// `stallLimit` (its client takes nothing) gives up: the pipe is closed as stalled.
final class ChunkPipe: Sendable {
    private struct State {
        var waiting: [[UInt8]] = []
        var finished = false
        /// The sender went away: the writer's next `put` returns false.
        var closed = false
        /// Closed because the sender took nothing for `stallLimit`.
        var stalled = false
        var writerBlocked = false
        var reader: CheckedContinuation<[UInt8]?, Never>?
    }

    private let capacity: Int
    private let stallLimit: Duration
    private let state = Mutex(State())
    private let writerWakes = DispatchSemaphore(value: 0)

    init(capacity: Int = 2, stallLimit: Duration) {
        self.capacity = capacity
        self.stallLimit = stallLimit
    }

    /// Whether the writer gave up on a sender that took nothing for `stallLimit`.
    var stalled: Bool {
        state.withLock { $0.stalled }
    }

    /// Writer: hands `chunk` over, waiting while `capacity` chunks wait already. False when
    /// the sender has gone or has taken nothing for `stallLimit` (the chunk is dropped):
    /// the writer should stop.
    func put(_ chunk: [UInt8]) -> Bool {
        while true {
            let (accepted, reader) = state.withLock { state -> (Bool?, CheckedContinuation<[UInt8]?, Never>?) in
                if state.closed { return (false, nil) }
                if let reader = state.reader {
                    state.reader = nil
                    return (true, reader)
                }
                guard state.waiting.count < capacity else {
                    state.writerBlocked = true
                    return (nil, nil)
                }
                state.waiting.append(chunk)
                return (true, nil)
            }
            if let accepted {
                reader?.resume(returning: chunk)
                return accepted
            }
            let limit = DispatchTime.now() + .nanoseconds(Int(stallLimit.nanoseconds))
            if writerWakes.wait(timeout: limit) == .timedOut {
                let reader = state.withLock { state -> CheckedContinuation<[UInt8]?, Never>? in
                    // Woken meanwhile: the loop takes the signal and looks again.
                    guard state.writerBlocked, !state.closed else { return nil }
                    state.stalled = true
                    state.closed = true
                    state.writerBlocked = false
                    return state.reader.take()
                }
                reader?.resume(returning: nil)
            }
        }
    }

    /// Writer: no more chunks.
    func finish() {
        let reader = state.withLock { state in
            state.finished = true
            return state.reader.take()
        }
        reader?.resume(returning: nil)
    }

    /// Sender: the next chunk, or nil after the last one (or once closed).
    func next() async -> [UInt8]? {
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let (chunk, ready, wakeWriter) = state.withLock { state -> ([UInt8]?, Bool, Bool) in
                    if !state.waiting.isEmpty {
                        let wake = state.writerBlocked
                        state.writerBlocked = false
                        return (state.waiting.removeFirst(), true, wake)
                    }
                    if state.finished || state.closed { return (nil, true, false) }
                    state.reader = continuation
                    return (nil, false, false)
                }
                if wakeWriter { writerWakes.signal() }
                if ready { continuation.resume(returning: chunk) }
            }
        } onCancel: {
            close()
        }
    }

    /// Sender: it takes no more chunks; a blocked writer wakes and its `put` returns false.
    func close() {
        let (reader, wakeWriter) = state.withLock { state in
            state.closed = true
            defer { state.writerBlocked = false }
            return (state.reader.take(), state.writerBlocked)
        }
        if wakeWriter { writerWakes.signal() }
        reader?.resume(returning: nil)
    }
}
