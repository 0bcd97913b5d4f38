import Foundation
import LibraryCore
import LibraryServices
import LibraryViewModels
import Testing
import TestKit
import TestSupport

@Suite("ScanViewModel")
struct ScanViewModelTests {
    @Test func progressFailuresAndSummaryArePublished() async throws {
        var summary = ScanSummary(library: Samples.library)
        summary.added = 3
        summary.failed = 1
        let failure = ScanFailure(path: "/music/bad.mp3", reason: "empty file (0 bytes)")
        let scanner = StubScanService(events: [
            .started(Samples.library, scope: RawPath("/music")),
            .progress(ScanProgress(found: 4, read: 1, elapsed: 1)),
            .failure(failure),
            .progress(ScanProgress(found: 4, read: 3, failed: 1, elapsed: 2)),
            .finished(summary),
        ])
        let viewModel = ScanViewModel(services: .mock(scanner: scanner))
        let updates = viewModel.updates()

        let result = await viewModel.scan(ScanRequest(path: RawPath("/music")))

        #expect(result == summary)
        let state = viewModel.state
        #expect(state.viewState == .loaded)
        #expect(state.recentFailures == [failure])
        #expect(state.progress.processed == 4)
        let published = try await Wait.prefix("the loaded state", of: updates) { $0.viewState == .loaded }
        #expect(published.contains { $0.progress.read == 1 })
    }

    @Test func rateAndETAComeFromTheProgress() {
        let state = ScanViewModel.State(progress: ScanProgress(found: 100, read: 40, skipped: 10, elapsed: 5))
        #expect(state.filesPerSecond == 10)
        #expect(state.estimatedSecondsRemaining == 5)
        #expect(state.fractionDone == 0.5)
        #expect(ScanViewModel.State().estimatedSecondsRemaining == nil)
    }

    @Test func aFailedScanBecomesAFailedState() async throws {
        let scanner = StubScanService(events: [], error: LibraryError(.fileSystem, "The folder /x does not exist: check the path."))
        let viewModel = ScanViewModel(services: .mock(scanner: scanner))
        let result = await viewModel.scan(ScanRequest(path: RawPath("/x")))
        #expect(result == nil)
        #expect(viewModel.state.viewState == .failed(LibraryError(.fileSystem, "The folder /x does not exist: check the path.")))
    }

    @Test func onlyTheMostRecentFailuresAreKept() async throws {
        let failures = (0..<30).map { ScanEvent.failure(ScanFailure(path: "/m/\($0).mp3", reason: "bad")) }
        let viewModel = ScanViewModel(services: .mock(scanner: StubScanService(events: failures)))
        await viewModel.scan(ScanRequest(path: RawPath("/m")))
        #expect(viewModel.state.recentFailures.count == ScanViewModel.recentFailureLimit)
        #expect(viewModel.state.recentFailures.last?.path == "/m/29.mp3")
    }
}
