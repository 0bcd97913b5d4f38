import Foundation
import Synchronization
import LibraryCore
import LibraryServices

/// The libraries and their statistics, kept current through the change feed.
public final class LibraryViewModel: ViewModel {
    /// Everything a view shows (`Codable`: the server can host this view model).
    public struct State: LoadingState, Codable {
        public var viewState: ViewState = .idle
        public var libraries: [Library] = []
        public var statistics = LibraryStatistics()

        public init(viewState: ViewState = .idle, libraries: [Library] = [], statistics: LibraryStatistics = LibraryStatistics()) {
            self.viewState = viewState
            self.libraries = libraries
            self.statistics = statistics
        }
    }

    private let services: ServiceContainer
    /// Where the state lives: `state` and `updates()` come from `ViewModel`.
    public let store: StateStore<State>
    /// The query the statistics were last loaded for, so a reload keeps it.
    private let query = Mutex(LibraryQuery.all)

    public init(services: ServiceContainer, state: State = State()) {
        self.services = services
        self.store = StateStore(state)
    }

    /// Loads libraries and statistics (for the tracks matching `query`).
    public func load(matching query: LibraryQuery = .all) async {
        self.query.withLock { $0 = query }
        await load {
            let libraries = try await services.library.libraries()
            let statistics = try await services.library.statistics(matching: query)
            return State(viewState: .loaded, libraries: libraries, statistics: statistics)
        }
    }

    /// Loads libraries and statistics for the tracks matching query arguments as a user typed
    /// them (each one term); a malformed query fails the state with an `.invalidInput` error.
    public func load(arguments: [String], currentDirectory: String = FileManager.default.currentDirectoryPath) async {
        let query: LibraryQuery
        do {
            query = try LibraryQuery.parse(arguments: arguments, currentDirectory: currentDirectory)
        } catch {
            fail(error)
            return
        }
        await load(matching: query)
    }

    /// Renames a library; the list reloads through the change feed (or call `load`).
    public func rename(_ name: String, to newName: String) async throws -> Library {
        try await services.library.renameLibrary(named: name, to: newName)
    }

    /// Forgets a library and its tracks.
    public func remove(_ name: String) async throws -> Library {
        try await services.library.removeLibrary(named: name)
    }

    /// Reloads whenever libraries or tracks change, for as long as this view model lives.
    public func startObserving() {
        store.retain(observe(services.feed, isRelevant: { event in
            switch event {
            case .librariesChanged, .tracksChanged: true
            default: false
            }
        }, reload: { [weak self] in
            guard let self else { return }
            await self.load(matching: self.query.withLock { $0 })
        }))
    }

    /// A view model showing `state`, over services that fail if called: for tests and previews.
    public static func stub(_ state: State = State(viewState: .loaded)) -> LibraryViewModel {
        LibraryViewModel(services: .mock(), state: state)
    }
}
