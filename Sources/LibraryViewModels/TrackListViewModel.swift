import Foundation
import LibraryCore
import LibraryServices
import Observation

/// Tracks, albums or artists matching a query, in order; refreshed when tracks change.
@Observable
public final class TrackListViewModel: Sendable {
    /// The rows of one listing.
    public enum Rows: Sendable, Equatable {
        case tracks([Track])
        case albums([AlbumSummary])
        case artists([ArtistSummary])

        /// How many rows.
        public var count: Int {
            switch self {
            case .tracks(let rows): rows.count
            case .albums(let rows): rows.count
            case .artists(let rows): rows.count
            }
        }
    }

    /// Everything a view shows.
    public struct State: Sendable, Equatable {
        public var viewState: ViewState = .idle
        public var target: QueryTarget = .tracks
        public var request = ListRequest()
        public var rows: Rows = .tracks([])

        public init(viewState: ViewState = .idle, target: QueryTarget = .tracks, request: ListRequest = ListRequest(), rows: Rows = .tracks([])) {
            self.viewState = viewState; self.target = target; self.request = request; self.rows = rows
        }
    }

    @ObservationIgnored private let services: ServiceContainer
    @ObservationIgnored private let store: StateStore<State>

    public init(services: ServiceContainer, state: State = State()) {
        self.services = services
        self.store = StateStore(state)
    }

    /// The current state (observable).
    public var state: State {
        access(keyPath: \.state)
        return store.state
    }

    /// A fresh stream of states for one subscriber, starting with the current one.
    public func updates() -> AsyncStream<State> { store.updates() }

    /// Lists `target` rows for `request`.
    public func load(_ target: QueryTarget, _ request: ListRequest) async {
        set { $0.viewState = .loading; $0.target = target; $0.request = request }
        do {
            let rows: Rows
            switch target {
            case .tracks: rows = .tracks(try await services.library.tracks(request))
            case .albums: rows = .albums(try await services.library.albums(request))
            case .artists: rows = .artists(try await services.library.artists(request))
            }
            set { $0.rows = rows; $0.viewState = .loaded }
        } catch {
            set { $0.viewState = .failed(error.localizedDescription) }
        }
    }

    /// Reloads the current listing.
    public func reload() async {
        let current = store.state
        await load(current.target, current.request)
    }

    /// Reloads whenever tracks change, for as long as this view model lives.
    public func startObserving() {
        store.retain(observe(services.feed, isRelevant: { event in
            if case .tracksChanged = event { return true }
            return false
        }, reload: { [weak self] in await self?.reload() }))
    }

    /// A view model showing `state`, over services that fail if called: for tests and previews.
    public static func stub(_ state: State = State(viewState: .loaded)) -> TrackListViewModel {
        TrackListViewModel(services: .mock(), state: state)
    }

    private func set(_ body: (inout State) -> Void) {
        withMutation(keyPath: \.state) { _ = store.update(body) }
    }
}
