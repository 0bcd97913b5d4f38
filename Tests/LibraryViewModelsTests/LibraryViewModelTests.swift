import Foundation
import LibraryCore
import LibraryServices
import LibraryViewModels
import Testing
import TestKit
import TestSupport

@Suite("LibraryViewModel")
struct LibraryViewModelTests {
    @Test func loadsLibrariesAndStatistics() async throws {
        let stats = LibraryStatistics(libraries: 1, tracks: 12, albums: 3, totalDurationMs: 60_000)
        var service = MockLibraryService()
        service.librariesHandler = { [Samples.library] }
        service.statisticsHandler = { _ in stats }
        let viewModel = LibraryViewModel(services: .mock(library: service))
        await viewModel.load()
        #expect(viewModel.state == LibraryViewModel.State(viewState: .loaded, libraries: [Samples.library], statistics: stats))
    }

    @Test func reloadsAfterAScanThroughTheRealFeed() async throws {
        let folder = try TemporaryDirectory("vm")
        defer { folder.remove() }
        try folder.write("a.mp3", FakeTagReader.file(FakeTagReader.track("A")))
        let services = try ServiceContainer.inMemory(reader: FakeTagReader())
        let viewModel = LibraryViewModel(services: services)
        await viewModel.load()
        #expect(viewModel.state.statistics.tracks == 0)
        viewModel.startObserving()
        let updates = viewModel.updates()

        _ = try await services.scanner.run(folder.url.path)

        let state = viewModel.state.statistics.tracks == 1
            ? viewModel.state : try await Wait.first("the reloaded statistics", in: updates) { $0.statistics.tracks == 1 }
        #expect(state.statistics.tracks == 1)
        #expect(state.libraries.count == 1)
    }

    @Test func unsetServicesFailLoudly() async throws {
        let viewModel = LibraryViewModel.stub()
        await viewModel.load()
        #expect(viewModel.state.viewState.failureMessage?.contains("LibraryService.libraries was called") == true)
    }
}
