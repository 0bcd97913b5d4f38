import Foundation
import LibraryCore
import LibraryServices

/// Drives one scan: progress counters, rate and ETA while it runs, then the summary.
public final class ScanViewModel: ViewModel {
    /// Everything a view shows.
    public struct State: Sendable, Equatable {
        public var viewState: ViewState = .idle
        public var library: Library?
        public var progress = ScanProgress()
        /// The most recent failures (the full list is in `summary`).
        public var recentFailures: [ScanFailure] = []
        public var summary: ScanSummary?
        /// Something the user should know while waiting (e.g. another scan holds the database).
        public var notice: String?

        public init(viewState: ViewState = .idle, library: Library? = nil, progress: ScanProgress = ScanProgress(), recentFailures: [ScanFailure] = [], summary: ScanSummary? = nil) {
            self.viewState = viewState; self.library = library; self.progress = progress
            self.recentFailures = recentFailures; self.summary = summary
        }

        /// Files handled per second so far.
        public var filesPerSecond: Double {
            progress.elapsed > 0 ? Double(progress.processed) / progress.elapsed : 0
        }

        /// Seconds left, estimated from the rate so far (nil until there is a rate).
        public var estimatedSecondsRemaining: Double? {
            let remaining = progress.found - progress.processed
            guard filesPerSecond > 0, remaining >= 0 else { return nil }
            return Double(remaining) / filesPerSecond
        }

        /// The fraction of found files handled, 0...1.
        public var fractionDone: Double {
            progress.found > 0 ? min(1, Double(progress.processed) / Double(progress.found)) : 0
        }
    }

    /// How many failures `recentFailures` keeps.
    public static let recentFailureLimit = 20

    private let services: ServiceContainer
    /// Where the state lives: `state` and `updates()` come from `ViewModel`.
    public let store: StateStore<State>

    public init(services: ServiceContainer, state: State = State()) {
        self.services = services
        self.store = StateStore(state)
    }

    /// Runs a scan to the end, publishing every step; returns the summary, or nil if it failed
    /// (the failure is in `state.viewState`).
    @discardableResult
    public func scan(_ request: ScanRequest) async -> ScanSummary? {
        set { $0 = State(viewState: .loading) }
        do {
            for try await event in services.scanner.scan(request) {
                set { state in
                    switch event {
                    case .waiting(let message):
                        state.notice = message
                    case .started(let library, _):
                        state.notice = nil
                        state.library = library
                    case .progress(let progress):
                        state.progress = progress
                    case .failure(let failure):
                        state.recentFailures.append(failure)
                        if state.recentFailures.count > Self.recentFailureLimit { state.recentFailures.removeFirst() }
                    case .finished(let summary):
                        state.summary = summary
                        state.library = summary.library
                        state.viewState = .loaded
                    }
                }
            }
            return store.state.summary
        } catch {
            set { $0.viewState = .failed(.wrap(error)) }
            return nil
        }
    }

    /// A view model showing `state`, over services that fail if called: for tests and previews.
    public static func stub(_ state: State = State()) -> ScanViewModel {
        ScanViewModel(services: .mock(), state: state)
    }
}
