import Foundation
import LibraryCore
import LibraryServices

/// One track, found by id or by path, with every stored field.
public final class TrackDetailViewModel: ViewModel {
    /// Everything a view shows.
    public struct State: LoadingState {
        public var viewState: ViewState = .idle
        public var track: Track?

        public init(viewState: ViewState = .idle, track: Track? = nil) {
            self.viewState = viewState
            self.track = track
        }
    }

    private let services: ServiceContainer
    /// Where the state lives: `state` and `updates()` come from `ViewModel`.
    public let store: StateStore<State>

    public init(services: ServiceContainer, state: State = State()) {
        self.services = services
        self.store = StateStore(state)
    }

    /// Loads the track `reference` names: a numeric id, or a file path (relative paths
    /// resolve against `currentDirectory`).
    public func load(_ reference: String, currentDirectory: String = FileManager.default.currentDirectoryPath) async {
        await load(starting: { $0.viewState = .loading }, {
            let track: Track?
            if let id = Int64(reference) {
                track = try await services.library.track(id: id)
            } else {
                let absolute = reference.hasPrefix("/") ? reference : currentDirectory + "/" + reference
                track = try await services.library.track(path: RawPath(URL(fileURLWithPath: absolute).standardizedFileURL.path))
            }
            guard let track else {
                throw LibraryError(.notFound, "No track \(Int64(reference) != nil ? "with id" : "at") \(reference): find it with `kanora list`.")
            }
            return track
        }, landing: { state, result in
            switch result {
            case .success(let track): state = State(viewState: .loaded, track: track)
            case .failure(let error): state = State(viewState: .failed(error))
            }
        })
    }

    /// A view model showing `state`, over services that fail if called: for tests and previews.
    public static func stub(_ state: State = State()) -> TrackDetailViewModel {
        TrackDetailViewModel(services: .mock(), state: state)
    }
}
