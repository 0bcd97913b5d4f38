import Foundation
import LibraryCore
import LibraryServices

/// Follows the change feed (`kanora events`): one entry per change, with library names to
/// show them by, while a watch keeps the libraries in sync where the container can watch.
public final class EventLogViewModel: ViewModel {
    /// Everything a view shows.
    public struct State: LoadingState {
        /// Loading while it starts, loaded while it follows the feed, failed if it could not start.
        public var viewState: ViewState = .idle
        /// The most recent changes, oldest first (at most `recentLimit`).
        public var recent: [LoggedEvent] = []
        /// How many changes were logged since it started (more than `recent` may hold).
        public var count = 0
        /// Library names by id, to show changes by.
        public var libraryNames: [Int64: String] = [:]
        /// The libraries watched for changes on disk, and how (empty when the container
        /// cannot watch, e.g. a remote server's, which watches its own).
        public var watched: [WatchViewModel.WatchedLibrary] = []

        public init(viewState: ViewState = .idle, recent: [LoggedEvent] = [], libraryNames: [Int64: String] = [:]) {
            self.viewState = viewState; self.recent = recent
            self.count = recent.count; self.libraryNames = libraryNames
        }
    }

    /// A change and when it was seen.
    public struct LoggedEvent: Sendable, Equatable {
        public var event: LibraryEvent
        public var date: Date

        public init(event: LibraryEvent, date: Date) {
            self.event = event; self.date = date
        }
    }

    /// How many changes the state keeps.
    public static let recentLimit = 100
    /// Scan progress is logged at most this often (it arrives up to twenty times a second).
    public static let progressInterval: TimeInterval = 1

    private let services: ServiceContainer
    /// Where the state lives: `state` and `updates()` come from `ViewModel`.
    public let store: StateStore<State>

    public init(services: ServiceContainer, state: State = State()) {
        self.services = services
        self.store = StateStore(state)
    }

    /// Logs changes (only those of the library named `library`, when given: its tracks and the
    /// library list) until the calling task is cancelled. Where the container can watch, the
    /// libraries are watched meanwhile, so files added on disk show up as changes.
    public func follow(library: String? = nil, watch: WatchOptions = WatchOptions()) async {
        set { $0 = State(viewState: .loading) }
        let events = services.feed.events()
        let libraryID: Int64?
        do {
            let libraries = try await services.library.libraries()
            libraryID = if let library { try await services.library.library(named: library).id } else { nil }
            set { $0.libraryNames = Self.names(libraries); $0.viewState = .loaded }
        } catch {
            fail(error)
            return
        }
        let session = services.watcher.watch(WatchRequest(libraries: library.map { [$0] } ?? [], options: watch))
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await self.followWatch(session) }
            group.addTask { await self.log(events, libraryID: libraryID) }
            // Either ends first: a failed watch ends the log, a cancelled log ends the watch.
            await group.next()
            group.cancelAll()
        }
        await session.stop()
    }

    /// A readable line for a logged change, e.g. "15:02:11 tracks changed in Music".
    public static func line(for logged: LoggedEvent, names: [Int64: String], timeZone: TimeZone = .current) -> String {
        "\(time(logged.date, timeZone: timeZone)) \(description(of: logged.event, names: names))"
    }

    /// What changed, in words: "playlist 5 changed", "scan: 1,200 found, 900 read".
    public static func description(of event: LibraryEvent, names: [Int64: String]) -> String {
        switch event {
        case .librariesChanged: return "libraries changed"
        case .tracksChanged(nil): return "tracks changed"
        case .tracksChanged(let id?): return "tracks changed in \(names[id] ?? "library \(id)")"
        case .playlistsChanged(nil): return "playlists changed"
        case .playlistsChanged(let id?): return "playlist \(id) changed"
        case .scanProgress(let p):
            var text = "scan: \(grouped(p.found)) found, \(grouped(p.read)) read"
            if p.skipped > 0 { text += ", \(grouped(p.skipped)) unchanged" }
            if p.failed > 0 { text += ", \(grouped(p.failed)) failed" }
            return text
        }
    }

    /// A view model showing `state`, over services that fail if called: for tests and previews.
    public static func stub(_ state: State = State()) -> EventLogViewModel {
        EventLogViewModel(services: .mock(), state: state)
    }

    private func followWatch(_ session: WatchSession) async {
        do {
            for try await event in session.events {
                guard case .watching(let library, let mode) = event else { continue }
                set { state in
                    state.watched.removeAll { $0.library.id == library.id }
                    state.watched.append(WatchViewModel.WatchedLibrary(library: library, mode: mode))
                }
            }
        } catch let error as LibraryError where error.code == .unimplemented {
            // This container cannot watch (a remote one: its server watches): just log.
            await Self.untilCancelled()
        } catch {
            fail(error)
        }
    }

    private func log(_ events: AsyncStream<LibraryEvent>, libraryID: Int64?) async {
        var lastProgress = Date.distantPast
        for await event in events where Self.concerns(event, libraryID: libraryID) {
            let now = services.now()
            if case .scanProgress = event {
                guard now.timeIntervalSince(lastProgress) >= Self.progressInterval else { continue }
                lastProgress = now
            }
            if event == .librariesChanged, let libraries = try? await services.library.libraries() {
                set { $0.libraryNames = Self.names(libraries) }
            }
            set { state in
                state.count += 1
                state.recent.append(LoggedEvent(event: event, date: now))
                if state.recent.count > Self.recentLimit { state.recent.removeFirst() }
            }
        }
    }

    private static func concerns(_ event: LibraryEvent, libraryID: Int64?) -> Bool {
        guard let libraryID else { return true }
        switch event {
        case .librariesChanged, .scanProgress, .tracksChanged(nil): return true
        case .tracksChanged(let id?): return id == libraryID
        case .playlistsChanged: return false
        }
    }

    private static func names(_ libraries: [Library]) -> [Int64: String] {
        Dictionary(libraries.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
    }

    private static func untilCancelled() async {
        while !Task.isCancelled { try? await Task.sleep(for: .seconds(3600)) }
    }

    /// "15:02:11" in `timeZone`.
    static func time(_ date: Date, timeZone: TimeZone) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let c = calendar.dateComponents([.hour, .minute, .second], from: date)
        return String(format: "%02d:%02d:%02d", c.hour ?? 0, c.minute ?? 0, c.second ?? 0)
    }

    /// "1,200".
    static func grouped(_ number: Int) -> String {
        let digits = String(number.magnitude)
        var text = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { text.append(",") }
            text.append(digit)
        }
        return number < 0 ? "-" + text : text
    }
}
