import Foundation
import LibraryCore
import LibraryServices
import LibraryViewModels
import Synchronization
import Testing
import TestKit
import TestSupport

/// A `WatchService` that replays scripted events, then stays open until stopped (or throws `error`).
final class ScriptedWatchService: WatchService {
    let events: [WatchEvent]
    let error: LibraryError?
    private let stops = Mutex(0)

    init(events: [WatchEvent], error: LibraryError? = nil) {
        self.events = events
        self.error = error
    }

    var stopCount: Int { stops.withLock { $0 } }

    func watch(_ request: WatchRequest) -> WatchSession {
        let (stream, continuation) = AsyncThrowingStream.makeStream(of: WatchEvent.self, throwing: (any Error).self)
        for event in events { continuation.yield(event) }
        if let error { continuation.finish(throwing: error) }
        return WatchSession(events: stream) { [self] in
            self.stops.withLock { $0 += 1 }
            continuation.finish()
        }
    }
}

@Suite("WatchViewModel")
struct WatchViewModelTests {
    private func sync(_ folder: String, added: Int = 0, missing: Int = 0, at seconds: Double = 1_795_000_000) -> WatchSync {
        var summary = ScanSummary(library: Samples.library)
        summary.added = added
        summary.missing = missing
        return WatchSync(library: Samples.library, folder: RawPath(folder), summary: summary, date: Date(timeIntervalSince1970: seconds))
    }

    @Test func modesSyncsAndFailuresArePublished() async throws {
        let failure = ScanFailure(path: "/music/A/bad.mp3", reason: "empty file (0 bytes)")
        let watcher = ScriptedWatchService(events: [
            .watching(Samples.library, .notified(folders: 12)),
            .syncStarted(Samples.library, folder: RawPath("/music/A")),
            .failure(Samples.library, failure),
            .synced(sync("/music/A", added: 2)),
            .syncFailed(Samples.library, folder: RawPath("/music"), message: "The folder /music does not exist."),
        ])
        let viewModel = WatchViewModel(services: .mock(watcher: watcher))
        let updates = viewModel.updates()
        let task = Task(executorPreference: TestExecutor.shared) { await viewModel.watch(WatchRequest()) }

        let last = try await Wait.first("both failures", in: updates) { $0.failureCount == 2 }
        #expect(last.viewState == .loaded)
        #expect(last.libraries == [.init(library: Samples.library, mode: .notified(folders: 12))])
        #expect(last.syncCount == 1)
        #expect(last.recentSyncs.map(\.summary.added) == [2])
        #expect(last.recentFailures.map(\.reason) == ["empty file (0 bytes)", "The folder /music does not exist."])
        #expect(last.syncing == nil)

        task.cancel()
        try await Wait.bounded("the cancelled watch to return") { await task.value }
        #expect(watcher.stopCount == 1)
    }

    @Test func aWatchThatCannotStartFails() async {
        let watcher = ScriptedWatchService(events: [], error: LibraryError(.notFound, "No library named \"X\": known libraries: Music."))
        let viewModel = WatchViewModel(services: .mock(watcher: watcher))

        await viewModel.watch(WatchRequest(libraries: ["X"]))

        #expect(viewModel.state.viewState == .failed(LibraryError(.notFound, "No library named \"X\": known libraries: Music.")))
    }

    @Test func aSyncLineSaysWhatChangedAndWhere() {
        let utc = TimeZone(identifier: "UTC")!
        #expect(WatchViewModel.line(for: sync("/music/Artist/Album", added: 1, missing: 1), timeZone: utc)
            == "2026-11-18 11:06:40  Music: 1 added, 0 updated, 0 moved, 0 upgraded, 1 missing, 0 failed (Artist/Album)")
        #expect(WatchViewModel.line(for: sync("/music"), timeZone: utc)
            == "2026-11-18 11:06:40  Music: 0 added, 0 updated, 0 moved, 0 upgraded, 0 missing, 0 failed")
    }

    @Test func libraryModesDescribeThemselves() {
        let notified = WatchViewModel.WatchedLibrary(library: Samples.library, mode: .notified(folders: 1))
        #expect(notified.description == "Music (/music): watching 1 folder for changes")
        let periodic = WatchViewModel.WatchedLibrary(library: Samples.library, mode: .periodic(interval: 300, reason: "network file system (nfs4)"))
        #expect(periodic.description == "Music (/music): rescanning every 5 min (network file system (nfs4))")
    }

    @Test func watchingARealLibraryReportsTheSync() async throws {
        let folder = try TemporaryDirectory("watch-vm")
        defer { folder.remove() }
        let services = try ServiceContainer.inMemory(reader: FakeTagReader())
        try folder.write("A/1.mp3", FakeTagReader.file(FakeTagReader.track("One")))
        _ = try await services.scanner.run(folder.url.path, name: "Music")
        let viewModel = WatchViewModel(services: services)
        // On the test executor (the watch's own tasks inherit it), not the cooperative pool the
        // rest of the suite keeps busy: under load the pool kept the watch from starting for 30 s.
        let task = Task(executorPreference: TestExecutor.shared) {
            await viewModel.watch(WatchRequest(options: WatchOptions(debounce: 0.2)))
        }
        defer { task.cancel() }

        _ = try await Wait.first("the watched library", in: viewModel.updates()) { !$0.libraries.isEmpty }
        try folder.write("A/2.mp3", FakeTagReader.file(FakeTagReader.track("Two")))

        try await Wait.until("the first sync") { viewModel.state.syncCount > 0 }
        #expect(viewModel.state.recentSyncs.first?.summary.added == 1)
        #expect(viewModel.state.recentSyncs.first?.relativeFolder == "A")
        task.cancel()
        try await Wait.bounded("the cancelled watch to return") { await task.value }
        #expect(viewModel.state.syncing == nil)
    }
}
