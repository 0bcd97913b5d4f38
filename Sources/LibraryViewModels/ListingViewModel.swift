import Foundation
import LibraryCore
import LibraryServices

/// Rows for a request, in order, refreshed when tracks change: the one state machine behind
/// `TrackListViewModel`, `AlbumListViewModel`, `ArtistListViewModel` and `SearchViewModel`.
public final class ListingViewModel<Source: Listing>: ViewModel {
    /// Everything a view shows.
    public struct State: LoadingState {
        public var viewState: ViewState
        /// The request the rows answer (or, while loading, are being fetched for).
        public var request: Source.Request
        public var rows: [Source.Row]

        public init(viewState: ViewState = .idle, request: Source.Request = Source.initialRequest, rows: [Source.Row] = []) {
            self.viewState = viewState
            self.request = request
            self.rows = rows
        }
    }

    private let services: ServiceContainer
    /// Where the state lives: `state` and `updates()` come from `ViewModel`.
    public let store: StateStore<State>

    public init(services: ServiceContainer, state: State = State()) {
        self.services = services
        self.store = StateStore(state)
    }

    /// Loads the rows for `request`; the previous rows stay visible while it loads.
    public func load(_ request: Source.Request) async {
        // Only the newest load lands, even when an older one of the same request answers last.
        await load(starting: { $0.viewState = .loading; $0.request = request }, {
            try await Source.rows(for: request, from: services)
        }, landing: { state, result in
            switch result {
            case .success(let rows):
                state.rows = rows
                state.viewState = .loaded
            case .failure(let error):
                state.viewState = .failed(error)
            }
        })
    }

    /// Hands the rows for `request` to `body` one at a time as they are read, for a view that
    /// shows them as they come and keeps none (`kanora list` printing 100,000 tracks): the
    /// state goes through loading to loaded or failed as with `load(_:)`, its rows left empty.
    public func stream(_ request: Source.Request, _ body: @escaping @Sendable (Source.Row) -> Void) async {
        await stream(request, reading: { [services] in try await Source.forEachRow(for: request, from: services, body) })
    }

    /// Runs `read`, which hands the rows for `request` to a view, with the state going
    /// through loading to loaded or failed as `stream(_:_:)` says.
    func stream(_ request: Source.Request, reading read: () async throws -> Void) async {
        await load(starting: { $0.viewState = .loading; $0.request = request; $0.rows = [] }, {
            try await read()
        }, landing: { state, result in
            switch result {
            case .success: state.viewState = .loaded
            case .failure(let error): state.viewState = .failed(error)
            }
        })
    }

    /// Reloads the current request.
    public func reload() async {
        await load(store.state.request)
    }

    /// Reloads whenever tracks change, for as long as this view model lives.
    public func startObserving() {
        store.retain(observe(services.feed, isRelevant: { event in
            if case .tracksChanged = event { return true }
            return false
        }, reload: { [weak self] in await self?.reload() }))
    }

    /// A view model showing `state`, over services that fail if called: for tests and previews.
    public static func stub(_ state: State = State(viewState: .loaded)) -> ListingViewModel {
        ListingViewModel(services: .mock(), state: state)
    }
}

extension ListingViewModel where Source: TrackLineListing {
    /// `stream(_:_:)` with each track handed to `body` as a line (`TrackLine`), for a view
    /// printing one line a track (`kanora list`'s table).
    public func streamLines(_ request: Source.Request, _ body: @escaping @Sendable (TrackLine) -> Void) async {
        await stream(request, reading: { [services] in try await Source.forEachLine(for: request, from: services, body) })
    }
}

/// Tracks matching a query: `load(ListRequest(query: ...))`.
public typealias TrackListViewModel = ListingViewModel<TrackListing>

/// Albums matching a query: `load(ListRequest(query: ...))`.
public typealias AlbumListViewModel = ListingViewModel<AlbumListing>

/// Artists matching a query: `load(ListRequest(query: ...))`.
public typealias ArtistListViewModel = ListingViewModel<ArtistListing>

/// Full-text search results: `search("blue train")`.
public typealias SearchViewModel = ListingViewModel<TrackSearchListing>

extension ListingViewModel where Source == TrackSearchListing {
    /// Searches for `text` (no results, and no error, while it holds no word to search for),
    /// filling as much of each track as `detail` says.
    public func search(_ text: String, limit: Int? = nil, detail: TrackDetail = .full) async {
        await load(SearchRequest(text: text, limit: limit, detail: detail))
    }

    /// `search(_:limit:detail:)` with the tracks handed to `body` one at a time, best match
    /// first, rather than kept in the state (see `stream(_:_:)`).
    public func streamSearch(
        _ text: String, limit: Int? = nil, detail: TrackDetail = .full, _ body: @escaping @Sendable (Track) -> Void
    ) async {
        await stream(SearchRequest(text: text, limit: limit, detail: detail), body)
    }
}

extension ListingViewModel where Source == TrackSearchListing {
    /// `streamSearch(_:limit:detail:_:)` with each track handed to `body` as a line (`TrackLine`).
    public func streamSearchLines(_ text: String, limit: Int? = nil, _ body: @escaping @Sendable (TrackLine) -> Void) async {
        await streamLines(SearchRequest(text: text, limit: limit, detail: .brief), body)
    }
}

extension ListingViewModel.State where Source == TrackSearchListing {
    /// The search text.
    public var text: String { request.text }
    /// The tracks found, best match first.
    public var results: [Track] { rows }
}
