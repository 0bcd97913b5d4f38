import Foundation
import LibraryCore
import LibraryServices

/// One playlist's entries in order, with their total length and how many are missing;
/// edits go through the service, and the change feed keeps every open view current.
public final class PlaylistDetailViewModel: ViewModel {
    /// Everything a view shows.
    public struct State: LoadingState {
        public var viewState: ViewState = .idle
        public var playlist: Playlist?
        public var entries: [PlaylistEntry] = []

        public init(viewState: ViewState = .idle, playlist: Playlist? = nil, entries: [PlaylistEntry] = []) {
            self.viewState = viewState
            self.playlist = playlist
            self.entries = entries
        }

        /// The length of every entry, missing ones included, in milliseconds.
        public var totalDurationMs: Int64 { entries.reduce(0) { $0 + Int64($1.track.metadata.audio.durationMs) } }

        /// How many entries point at tracks whose files are missing.
        public var missingCount: Int { entries.count { $0.track.isMissing } }
    }

    private let services: ServiceContainer
    /// Where the state lives: `state` and `updates()` come from `ViewModel`.
    public let store: StateStore<State>

    public init(services: ServiceContainer, state: State = State()) {
        self.services = services
        self.store = StateStore(state)
    }

    /// Loads the playlist named `name` (ignoring case) and its entries.
    public func load(_ name: String) async {
        await show(starting: { $0.viewState = .loading }) { try await self.services.playlists.playlist(named: name) }
    }

    /// Reloads the loaded playlist by id, so a rename elsewhere does not lose it.
    public func reload() async {
        guard let id = store.state.playlist?.id else { return }
        await show { try await self.services.playlists.playlist(id: id) }
    }

    /// Adds the tracks the requests match at `position` (nil: the end); returns how many.
    public func add(_ requests: [ListRequest], at position: Int? = nil) async throws -> Int {
        try await edit { try await self.services.playlists.add(requests, to: $0, at: position) }
    }

    /// Removes the entries at these 1-based positions; returns how many.
    public func remove(positions: [Int]) async throws -> Int {
        try await edit { try await self.services.playlists.remove(positions: positions, from: $0) }
    }

    /// Removes the entries whose tracks match `query`; returns how many.
    public func remove(matching query: LibraryQuery) async throws -> Int {
        try await edit { try await self.services.playlists.remove(matching: query, from: $0) }
    }

    /// Moves the entry at `from` to `to`.
    public func move(from: Int, to: Int) async throws {
        try await edit { try await self.services.playlists.move(from: from, to: to, in: $0) }
    }

    /// Removes every entry; returns how many there were.
    public func clear() async throws -> Int {
        try await edit { try await self.services.playlists.clear($0) }
    }

    /// Removes repeated tracks; returns how many entries went.
    public func dedupe() async throws -> Int {
        try await edit { try await self.services.playlists.dedupe($0) }
    }

    /// Turns the smart playlist into a normal one with its current result.
    public func freeze() async throws -> Playlist {
        try await edit { try await self.services.playlists.freeze($0) }
    }

    /// The playlist as extended M3U text.
    public func exportM3U(paths: M3UPathStyle) async throws -> String {
        try await services.playlists.exportM3U(try loadedName(), paths: paths)
    }

    /// Reloads whenever this playlist (or several) or any tracks change, for as long as
    /// this view model lives: a scan that marks a track missing shows here.
    public func startObserving() {
        store.retain(observe(services.feed, isRelevant: { [weak self] event in
            switch event {
            case .tracksChanged: return true
            case .playlistsChanged(let id): return id == nil || id == self?.store.state.playlist?.id
            default: return false
            }
        }, reload: { [weak self] in await self?.reload() }))
    }

    /// A view model showing `state`, over services that fail if called: for tests and previews.
    public static func stub(_ state: State = State(viewState: .loaded)) -> PlaylistDetailViewModel {
        PlaylistDetailViewModel(services: .mock(), state: state)
    }

    private func show(starting start: (inout State) -> Void = { _ in }, _ find: @Sendable () async throws -> Playlist) async {
        await load(starting: start, {
            let playlist = try await find()
            return (playlist, try await services.playlists.entries(of: playlist.name))
        }, landing: { state, result in
            switch result {
            case .success(let (playlist, entries)): state = State(viewState: .loaded, playlist: playlist, entries: entries)
            case .failure(let error): state.viewState = .failed(error)
            }
        })
    }

    /// Runs an edit on the loaded playlist, then reloads it.
    private func edit<T: Sendable>(_ body: @Sendable (String) async throws -> T) async throws -> T {
        let result = try await body(try loadedName())
        await reload()
        return result
    }

    private func loadedName() throws -> String {
        guard let name = store.state.playlist?.name else {
            throw LibraryError(.invalidInput, "No playlist is loaded: call load(_:) first.")
        }
        return name
    }
}
