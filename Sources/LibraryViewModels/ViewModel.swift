import LibraryServices
import Observation

/// An observable view model whose state lives in a `StateStore`.
///
/// Conforming is all a view model does to get its observable `state` and per-subscriber
/// `updates()`: declare `public let store: StateStore<State>` and change the state with
/// `set { ... }` (or `store.update`). Reading `state` inside `withObservationTracking` (or a
/// SwiftUI view) tracks the store, so changes are observed through the view model.
public protocol ViewModel: AnyObject, Observable, Sendable {
    /// Everything a view shows.
    associatedtype State: Sendable & Equatable

    /// Where the state lives: locked, observable, streamed to subscribers.
    var store: StateStore<State> { get }
}

extension ViewModel {
    /// The current state (observable).
    public var state: State { store.state }

    /// A fresh stream of states for one subscriber, starting with the current one.
    public func updates() -> AsyncStream<State> { store.updates() }

    /// Changes the state, telling observers and subscribers.
    func set(_ body: (inout State) -> Void) {
        store.update(body)
    }
}

/// A view model state that says where loading is.
public protocol LoadingState: Sendable, Equatable {
    var viewState: ViewState { get set }
}

extension ViewModel {
    /// Runs one load: `start` changes the state as the load begins, `fetch` gets the value,
    /// and `land` puts the value (or the error) into the state, but only if no newer load
    /// started meanwhile: a slow, older result never overwrites a newer one.
    func load<Value: Sendable>(
        starting start: (inout State) -> Void, _ fetch: () async throws -> Value,
        landing land: (inout State, Result<Value, LibraryError>) -> Void
    ) async {
        let generation = store.startLoad(start)
        let result: Result<Value, LibraryError>
        do {
            result = .success(try await fetch())
        } catch {
            result = .failure(.wrap(error))
        }
        store.update(ifCurrent: generation) { land(&$0, result) }
    }
}

extension ViewModel where State: LoadingState {
    /// Shows `.loading`, then the state `fetch` builds, or `.failed` with the error's kind
    /// (the state loaded before stays beside the failure). Only the newest load lands.
    func load(_ fetch: () async throws -> State) async {
        await load(starting: { $0.viewState = .loading }, fetch, landing: { state, result in
            switch result {
            case .success(let loaded): state = loaded
            case .failure(let error): state.viewState = .failed(error)
            }
        })
    }

    /// Fails the state with `error` without loading (e.g. a malformed query), superseding
    /// any load still running.
    func fail(_ error: any Error) {
        store.startLoad { $0.viewState = .failed(.wrap(error)) }
    }
}
