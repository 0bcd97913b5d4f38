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
        /// Counts loads started, so only the newest one's result lands.
        var generation: UInt64 = 0
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
        var updated: State?
        apply { locked in
            body(&locked.state)
            updated = locked.state
            return true
        }
        return updated!
    }

    /// Starts a load: applies `body` (e.g. showing `.loading`) and returns the load's
    /// generation. Every load started before it is stale from now on.
    @discardableResult
    func startLoad(_ body: (inout State) -> Void) -> UInt64 {
        var generation: UInt64 = 0
        apply { locked in
            locked.generation += 1
            generation = locked.generation
            body(&locked.state)
            return true
        }
        return generation
    }

    /// Applies `body` if no load started after the one of `generation` (a slower, older load
    /// must not overwrite a newer result); says whether it did.
    @discardableResult
    func update(ifCurrent generation: UInt64, _ body: (inout State) -> Void) -> Bool {
        // Checked before telling observers too, so a stale result notifies nobody.
        guard locked.withLock({ $0.generation }) == generation else { return false }
        return apply { locked in
            guard locked.generation == generation else { return false }
            body(&locked.state)
            return true
        }
    }

    /// Runs `body` on the locked state inside an observed mutation and, if it says it changed
    /// something, sends the new state to every subscriber (outside the lock).
    @discardableResult
    private func apply(_ body: (inout Locked) -> Bool) -> Bool {
        let (changed, state, subscribers) = registrar.withMutation(of: self, keyPath: \.state) {
            locked.withLock { locked -> (Bool, State, [AsyncStream<State>.Continuation]) in
                let changed = body(&locked)
                return (changed, locked.state, changed ? Array(locked.subscribers.values) : [])
            }
        }
        for subscriber in subscribers { subscriber.yield(state) }
        return changed
    }

    /// Keeps `task` alive as long as the store (its view model), cancelling it on deinit.
    func retain(_ task: Task<Void, Never>) {
        locked.withLock { $0.tasks.append(task) }
    }
}
