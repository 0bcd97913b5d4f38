import Foundation
import LibraryCore
import LibraryServices

/// The playlists with their track counts and lengths; kept current through the change feed.
public final class PlaylistListViewModel: ViewModel {
    /// Everything a view shows.
    public struct State: LoadingState {
        public var viewState: ViewState = .idle
        public var playlists: [Playlist] = []

        public init(viewState: ViewState = .idle, playlists: [Playlist] = []) {
            self.viewState = viewState
            self.playlists = playlists
        }
    }

    private let services: ServiceContainer
    /// Where the state lives: `state` and `updates()` come from `ViewModel`.
    public let store: StateStore<State>

    public init(services: ServiceContainer, state: State = State()) {
        self.services = services
        self.store = StateStore(state)
    }

    /// Loads every playlist.
    public func load() async {
        await load { State(viewState: .loaded, playlists: try await services.playlists.playlists()) }
    }

    /// Creates a playlist (normal, smart, or a frozen query result).
    public func create(_ draft: PlaylistDraft) async throws -> Playlist {
        try await services.playlists.create(draft)
    }

    /// Renames a playlist.
    public func rename(_ name: String, to newName: String) async throws -> Playlist {
        try await services.playlists.rename(name, to: newName)
    }

    /// Copies a playlist under a new name.
    public func duplicate(_ name: String, as newName: String) async throws -> Playlist {
        try await services.playlists.duplicate(name, as: newName)
    }

    /// Deletes a playlist.
    public func delete(_ name: String) async throws -> Playlist {
        try await services.playlists.delete(named: name)
    }

    /// Creates a playlist from the bytes of an M3U file read from `fileURL`.
    public func importM3U(_ contents: Data, from fileURL: URL, name: String?) async throws -> PlaylistImport {
        try await services.playlists.importM3U(contents, from: fileURL, name: name)
    }

    /// Reloads whenever playlists or tracks change, for as long as this view model lives.
    public func startObserving() {
        store.retain(observe(services.feed, isRelevant: { event in
            switch event {
            case .playlistsChanged, .tracksChanged: true
            default: false
            }
        }, reload: { [weak self] in await self?.load() }))
    }

    /// A view model showing `state`, over services that fail if called: for tests and previews.
    public static func stub(_ state: State = State(viewState: .loaded)) -> PlaylistListViewModel {
        PlaylistListViewModel(services: .mock(), state: state)
    }
}
