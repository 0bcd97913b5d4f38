import Foundation
import Synchronization

/// The locked state of a view model and its subscribers.
///
/// View models keep their state here (not in observed stored properties) so they can be
/// `Sendable` without being bound to the main actor: every read and write takes the lock,
/// subscribers get their own `AsyncStream`, and continuations are called outside the lock.
final class StateStore<State: Sendable>: Sendable {
    private struct Locked {
        var state: State
        var subscribers: [UUID: AsyncStream<State>.Continuation] = [:]
        var tasks: [Task<Void, Never>] = []
    }

    private let locked: Mutex<Locked>

    init(_ initial: State) {
        locked = Mutex(Locked(state: initial))
    }

    deinit {
        let (tasks, subscribers) = locked.withLock { ($0.tasks, Array($0.subscribers.values)) }
        tasks.forEach { $0.cancel() }
        subscribers.forEach { $0.finish() }
    }

    var state: State { locked.withLock { $0.state } }

    /// Applies `body` to the state and sends the result to every subscriber.
    @discardableResult
    func update(_ body: (inout State) -> Void) -> State {
        let (state, subscribers) = locked.withLock { locked -> (State, [AsyncStream<State>.Continuation]) in
            body(&locked.state)
            return (locked.state, Array(locked.subscribers.values))
        }
        for subscriber in subscribers { subscriber.yield(state) }
        return state
    }

    /// A new stream that starts with the current state, then every change.
    func updates() -> AsyncStream<State> {
        let (stream, continuation) = AsyncStream.makeStream(of: State.self, bufferingPolicy: .bufferingNewest(64))
        let id = UUID()
        continuation.onTermination = { [weak self] _ in
            _ = self?.locked.withLock { $0.subscribers.removeValue(forKey: id) }
        }
        let current = locked.withLock { locked -> State in
            locked.subscribers[id] = continuation
            return locked.state
        }
        continuation.yield(current)
        return stream
    }

    /// Keeps `task` alive as long as the view model, cancelling it on deinit.
    func retain(_ task: Task<Void, Never>) {
        locked.withLock { $0.tasks.append(task) }
    }
}
