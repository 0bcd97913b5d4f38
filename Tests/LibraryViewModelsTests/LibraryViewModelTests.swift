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

    @Test func aReloadKeepsTheQueryTheStatisticsWereLoadedFor() async throws {
        let feed = ChangeFeed()
        let queries = Shared<[LibraryQuery]>([])
        var service = MockLibraryService()
        service.librariesHandler = { [Samples.library] }
        service.statisticsHandler = { query in
            queries.set(queries.read() + [query])
            return LibraryStatistics()
        }
        let viewModel = LibraryViewModel(services: .mock(library: service, feed: feed))
        let jazz = try LibraryQuery.parse(arguments: ["genre:jazz"])
        await viewModel.load(matching: jazz)
        viewModel.startObserving()

        feed.publish(.tracksChanged(libraryID: 1))

        try await Wait.until("the reload after the event") { queries.read().count == 2 }
        #expect(queries.read() == [jazz, jazz])
    }

    @Test func aSlowOlderLoadDoesNotOverwriteTheNewerOnesResult() async throws {
        let calls = Shared(0)
        let gate = Shared(false)
        var service = MockLibraryService()
        service.librariesHandler = { [Samples.library] }
        service.statisticsHandler = { _ in
            calls.set(calls.read() + 1)
            if calls.read() == 1 {
                // The first (older) load answers only after the newer one has landed.
                try await Wait.until("the newer load to land") { gate.read() }
                return LibraryStatistics(libraries: 1, tracks: 1, albums: 1, totalDurationMs: 1)
            }
            return LibraryStatistics(libraries: 1, tracks: 2, albums: 1, totalDurationMs: 2)
        }
        let viewModel = LibraryViewModel(services: .mock(library: service))
        let older = Task { await viewModel.load() }
        try await Wait.until("the older load to start") { calls.read() == 1 }
        await viewModel.load(matching: try LibraryQuery.parse(arguments: ["genre:jazz"]))
        #expect(viewModel.state.statistics.tracks == 2)
        gate.set(true)
        await older.value
        #expect(viewModel.state.statistics.tracks == 2)
        #expect(viewModel.state.viewState == .loaded)
    }

    @Test func unsetServicesFailLoudly() async throws {
        let viewModel = LibraryViewModel.stub()
        await viewModel.load()
        #expect(viewModel.state.viewState.failureMessage?.contains("LibraryService.libraries was called") == true)
    }
}
