import Foundation
import LibraryCore
import LibraryServices
import LibraryViewModels
import Testing
import TestKit
import TestSupport

@Suite("EventLogViewModel")
struct EventLogViewModelTests {
    private static let rock = Library(id: 2, name: "Rock", root: RawPath("/rock"), createdAt: Date(timeIntervalSince1970: 0), lastScanAt: nil)

    /// `now` is pinned unless given: on a loaded machine a real second can pass between two
    /// events a test means to be close.
    private func services(feed: ChangeFeed, now: @escaping @Sendable () -> Date = { Date(timeIntervalSince1970: 1_000_000) }) -> ServiceContainer {
        var library = MockLibraryService()
        library.librariesHandler = { [Samples.library, Self.rock] }
        library.libraryNamedHandler = { name in
            guard let found = [Samples.library, Self.rock].first(where: { $0.name.lowercased() == name.lowercased() }) else {
                throw LibraryError(.notFound, "No library named \"\(name)\": known libraries: Music, Rock.")
            }
            return found
        }
        // No watcher: like a remote container, whose server watches its own libraries.
        return .mock(library: library, feed: feed, now: now)
    }

    @Test func logsEveryChangeWithLibraryNamesAndCoalescesProgress() async throws {
        let feed = ChangeFeed()
        let viewModel = EventLogViewModel(services: services(feed: feed))
        let updates = viewModel.updates()
        let following = Task { await viewModel.follow() }
        _ = try await Wait.first("the log to start", in: updates) { $0.viewState == .loaded }
        try await Wait.until("the subscription") { feed.subscriberCount >= 1 }

        feed.publish(.tracksChanged(libraryID: 2))
        feed.publish(.scanProgress(ScanProgress(found: 1_200, read: 900)))
        _ = try await Wait.first("the first progress", in: updates) { $0.count == 2 }
        feed.publish(.scanProgress(ScanProgress(found: 1_300, read: 950)))
        feed.publish(.playlistsChanged(playlistID: 5))

        let state = try await Wait.first("the playlist change", in: updates) { $0.recent.last?.event == .playlistsChanged(playlistID: 5) }
        // The second progress came within a second of the first: not logged.
        #expect(state.recent.map(\.event) == [
            .tracksChanged(libraryID: 2), .scanProgress(ScanProgress(found: 1_200, read: 900)), .playlistsChanged(playlistID: 5),
        ])
        #expect(state.count == 3)
        let lines = state.recent.map { EventLogViewModel.line(for: $0, names: state.libraryNames, timeZone: .gmt) }
        #expect(lines.map { String($0.dropFirst(9)) } == ["tracks changed in Rock", "scan: 1,200 found, 900 read", "playlist 5 changed"])
        #expect(lines.allSatisfy { $0.range(of: #"^\d\d:\d\d:\d\d "#, options: .regularExpression) != nil })
        following.cancel()
        await following.value
    }

    @Test func aLibraryFilterKeepsThatLibrarysChangesOnly() async throws {
        let feed = ChangeFeed()
        let viewModel = EventLogViewModel(services: services(feed: feed))
        let updates = viewModel.updates()
        let following = Task { await viewModel.follow(library: "rock") }
        _ = try await Wait.first("the log to start", in: updates) { $0.viewState == .loaded }

        feed.publish(.tracksChanged(libraryID: 1))
        feed.publish(.playlistsChanged(playlistID: 5))
        feed.publish(.tracksChanged(libraryID: 2))
        feed.publish(.librariesChanged)

        let state = try await Wait.first("the library change", in: updates) { $0.recent.last?.event == .librariesChanged }
        #expect(state.recent.map(\.event) == [.tracksChanged(libraryID: 2), .librariesChanged])
        following.cancel()
        await following.value
    }

    @Test func anUnknownLibraryFailsSayingWhichAreKnown() async throws {
        let viewModel = EventLogViewModel(services: services(feed: ChangeFeed()))
        await viewModel.follow(library: "Jazz")
        #expect(viewModel.state.viewState.failure?.code == .notFound)
        #expect(viewModel.state.viewState.failureMessage?.contains("known libraries: Music, Rock") == true)
    }

    @Test func numbersAreGroupedInThousands() {
        let names: [Int64: String] = [:]
        #expect(EventLogViewModel.description(of: .scanProgress(ScanProgress(found: 1_234_567, read: 0, skipped: 12_000, failed: 3)), names: names)
            == "scan: 1,234,567 found, 0 read, 12,000 unchanged, 3 failed")
        #expect(EventLogViewModel.description(of: .tracksChanged(libraryID: 9), names: names) == "tracks changed in library 9")
        #expect(EventLogViewModel.description(of: .tracksChanged(libraryID: nil), names: names) == "tracks changed")
    }
}
