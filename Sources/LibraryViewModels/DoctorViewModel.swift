import Foundation
import LibraryCore
import LibraryServices

/// What is wrong with the libraries (`kanora doctor`), kept current through the change feed.
public final class DoctorViewModel: ViewModel {
    /// Everything a view shows (`Codable`: the server can host this view model).
    public struct State: LoadingState, Codable {
        public var viewState: ViewState = .idle
        public var health = LibraryHealth()

        public init(viewState: ViewState = .idle, health: LibraryHealth = LibraryHealth()) {
            self.viewState = viewState
            self.health = health
        }
    }

    private let services: ServiceContainer
    /// Where the state lives: `state` and `updates()` come from `ViewModel`.
    public let store: StateStore<State>

    public init(services: ServiceContainer, state: State = State()) {
        self.services = services
        self.store = StateStore(state)
    }

    /// Examines the libraries.
    public func load() async {
        await load { State(viewState: .loaded, health: try await services.library.health()) }
    }

    /// Examines the libraries again whenever libraries or tracks change, for as long as
    /// this view model lives.
    public func startObserving() {
        store.retain(observe(services.feed, isRelevant: { event in
            switch event {
            case .librariesChanged, .tracksChanged: true
            default: false
            }
        }, reload: { [weak self] in await self?.load() }))
    }

    /// A view model showing `state`, over services that fail if called: for tests and previews.
    public static func stub(_ state: State = State(viewState: .loaded)) -> DoctorViewModel {
        DoctorViewModel(services: .mock(), state: state)
    }
}
