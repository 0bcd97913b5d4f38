import Foundation
import Observation
import Synchronization

/// The observable, locked state of a view model and its subscribers: the one piece every
/// `ViewModel` keeps its state in.
///
/// Every read and write takes the lock, so a view model can be `Sendable` without being
/// bound to the main actor. Reading `state` registers with Observation and every write
/// notifies it (outside the lock); each `updates()` subscriber gets its own `AsyncStream`,
/// and continuations are called outside the lock.
public final class StateStore<State: Sendable>: Observable, Sendable {
    private struct Locked {
        var state: State
        var subscribers: [UUID: AsyncStream<State>.Continuation] = [:]
        var tasks: [Task<Void, Never>] = []
    }

    private let locked: Mutex<Locked>
    private let registrar = ObservationRegistrar()

    /// A store holding `initial`.
    public init(_ initial: State) {
        locked = Mutex(Locked(state: initial))
    }

    deinit {
        let (tasks, subscribers) = locked.withLock { ($0.tasks, Array($0.subscribers.values)) }
        tasks.forEach { $0.cancel() }
        subscribers.forEach { $0.finish() }
    }

    /// The current state (observable).
    public var state: State {
        registrar.access(self, keyPath: \.state)
        return locked.withLock { $0.state }
    }

    /// A fresh stream of states for one subscriber, starting with the current one.
    public func updates() -> AsyncStream<State> {
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

    /// Applies `body` to the state, tells observers, and sends the result to every subscriber.
    @discardableResult
    func update(_ body: (inout State) -> Void) -> State {
        let (state, subscribers) = registrar.withMutation(of: self, keyPath: \.state) {
            locked.withLock { locked -> (State, [AsyncStream<State>.Continuation]) in
                body(&locked.state)
                return (locked.state, Array(locked.subscribers.values))
            }
        }
        for subscriber in subscribers { subscriber.yield(state) }
        return state
    }

    /// Keeps `task` alive as long as the store (its view model), cancelling it on deinit.
    func retain(_ task: Task<Void, Never>) {
        locked.withLock { $0.tasks.append(task) }
    }
}
