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

extension ViewModel where State: LoadingState {
    /// Shows `.loading`, then the state `fetch` builds, or `.failed` with the error's kind
    /// (the state loaded before stays beside the failure).
    func load(_ fetch: () async throws -> State) async {
        set { $0.viewState = .loading }
        do {
            let loaded = try await fetch()
            set { $0 = loaded }
        } catch {
            set { $0.viewState = .failed(.wrap(error)) }
        }
    }
}
