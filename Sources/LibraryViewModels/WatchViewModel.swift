import Foundation
import LibraryCore
import LibraryServices

/// Drives `kanora watch`: which libraries are watched and how, the sync running now, and a
/// line for every sync.
public final class WatchViewModel: ViewModel {
    /// Everything a view shows.
    public struct State: Sendable, Equatable {
        /// Loading while the watch starts, loaded while it runs, failed if it could not start.
        public var viewState: ViewState = .idle
        public var libraries: [WatchedLibrary] = []
        /// The folder being synced now.
        public var syncing: RawPath?
        /// The most recent syncs, oldest first (at most `recentLimit`).
        public var recentSyncs: [WatchSync] = []
        /// How many syncs completed since the watch started (more than `recentSyncs` may hold).
        public var syncCount = 0
        /// The most recent unreadable files and failed syncs, oldest first (at most `recentLimit`).
        public var recentFailures: [WatchFailure] = []
        /// How many failures were reported since the watch started.
        public var failureCount = 0

        public init(viewState: ViewState = .idle, libraries: [WatchedLibrary] = [], recentSyncs: [WatchSync] = []) {
            self.viewState = viewState; self.libraries = libraries
            self.recentSyncs = recentSyncs; self.syncCount = recentSyncs.count
        }
    }

    /// A library and how it is kept in sync.
    public struct WatchedLibrary: Sendable, Equatable {
        public var library: Library
        public var mode: WatchMode

        public init(library: Library, mode: WatchMode) {
            self.library = library; self.mode = mode
        }

        /// E.g. "Music (/home/me/Music): watching 120 folders for changes".
        public var description: String {
            switch mode {
            case .notified(let folders):
                return "\(library.name) (\(library.root.text)): watching \(folders) folder\(folders == 1 ? "" : "s") for changes"
            case .periodic(let interval, let reason):
                return "\(library.name) (\(library.root.text)): rescanning every \(WatchViewModel.seconds(interval)) (\(reason))"
            }
        }
    }

    /// A file a sync could not read, or a sync that failed as a whole.
    public struct WatchFailure: Sendable, Equatable {
        public var library: Library
        /// The file or folder.
        public var path: String
        public var reason: String
    }

    /// How many syncs and failures the state keeps.
    public static let recentLimit = 50

    private let services: ServiceContainer
    /// Where the state lives: `state` and `updates()` come from `ViewModel`.
    public let store: StateStore<State>

    public init(services: ServiceContainer, state: State = State()) {
        self.services = services
        self.store = StateStore(state)
    }

    /// Watches until the calling task is cancelled (then stops the watch, waiting for a running
    /// sync to commit its batch) or the watch cannot start (`state.viewState` says why).
    public func watch(_ request: WatchRequest) async {
        set { $0 = State(viewState: .loading) }
        let session = services.watcher.watch(request)
        do {
            for try await event in session.events { apply(event) }
        } catch {
            set { $0.viewState = .failed(.wrap(error)); $0.syncing = nil }
        }
        await session.stop()
        set { $0.syncing = nil }
    }

    /// A view model showing `state`, over services that fail if called: for tests and previews.
    public static func stub(_ state: State = State()) -> WatchViewModel {
        WatchViewModel(services: .mock(), state: state)
    }

    /// One line for a sync, e.g.
    /// "2026-11-21 17:03:04  Music: 1 added, 0 updated, 0 moved, 0 upgraded, 1 missing, 0 failed (Artist/Album)".
    public static func line(for sync: WatchSync, timeZone: TimeZone = .current) -> String {
        let s = sync.summary
        let folder = sync.relativeFolder
        return "\(timestamp(sync.date, timeZone: timeZone))  \(sync.library.name): \(s.added) added, \(s.updated) updated, "
            + "\(s.moved) moved, \(s.upgraded) upgraded, \(s.missing) missing, \(s.failed) failed" + (folder.isEmpty ? "" : " (\(folder))")
    }

    /// "2026-11-21 17:03:04" in `timeZone`.
    static func timestamp(_ date: Date, timeZone: TimeZone) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        return String(format: "%04d-%02d-%02d %02d:%02d:%02d", c.year ?? 0, c.month ?? 0, c.day ?? 0, c.hour ?? 0, c.minute ?? 0, c.second ?? 0)
    }

    /// "300 s" or "5 min".
    static func seconds(_ interval: Double) -> String {
        if interval >= 60 && interval.truncatingRemainder(dividingBy: 60) == 0 { return "\(Int(interval / 60)) min" }
        return interval == interval.rounded() ? "\(Int(interval)) s" : "\(interval) s"
    }

    private func apply(_ event: WatchEvent) {
        set { state in
            switch event {
            case .watching(let library, let mode):
                state.viewState = .loaded
                let watched = WatchedLibrary(library: library, mode: mode)
                if let index = state.libraries.firstIndex(where: { $0.library.id == library.id }) {
                    state.libraries[index] = watched
                } else {
                    state.libraries.append(watched)
                }
            case .syncStarted(_, let folder):
                state.syncing = folder
            case .failure(let library, let failure):
                Self.append(WatchFailure(library: library, path: failure.path, reason: failure.reason), to: &state)
            case .synced(let sync):
                state.syncing = nil
                state.syncCount += 1
                state.recentSyncs.append(sync)
                if state.recentSyncs.count > Self.recentLimit { state.recentSyncs.removeFirst() }
            case .syncFailed(let library, let folder, let message):
                state.syncing = nil
                Self.append(WatchFailure(library: library, path: folder.text, reason: message), to: &state)
            }
        }
    }

    private static func append(_ failure: WatchFailure, to state: inout State) {
        state.failureCount += 1
        state.recentFailures.append(failure)
        if state.recentFailures.count > recentLimit { state.recentFailures.removeFirst() }
    }
}
