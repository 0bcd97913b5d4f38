import Foundation
import LibraryCore
import LibraryServices
import LibraryViewModels
import Testing
import TestKit
import TestSupport

@Suite("SearchViewModel")
struct SearchViewModelTests {
    static let joga = Track.sample(id: 1, FakeTagReader.track("Jóga", artist: "Björk"))
    static let hunter = Track.sample(id: 2, FakeTagReader.track("Hunter", artist: "Björk"))

    @Test func searchesForTheText() async throws {
        let received = Box<[String]>([])
        var library = MockLibraryService()
        library.searchHandler = { text, limit in
            received.current.append("\(text)|\(limit.map(String.init) ?? "-")")
            return [Self.joga, Self.hunter]
        }
        let viewModel = SearchViewModel(services: .mock(library: library))

        await viewModel.search("björk", limit: 10)

        #expect(viewModel.state.viewState == .loaded)
        #expect(viewModel.state.text == "björk")
        #expect(viewModel.state.results == [Self.joga, Self.hunter])
        #expect(received.current == ["björk|10"])
    }

    @Test("text with no word shows no results without asking the service", arguments: ["", "   ", "- *"])
    func emptyTextShowsNothing(text: String) async throws {
        let viewModel = SearchViewModel(services: .mock())  // any service call would fail
        await viewModel.search(text)
        #expect(viewModel.state.viewState == .loaded)
        #expect(viewModel.state.results.isEmpty)
    }

    @Test func aFailedSearchSaysWhy() async throws {
        var library = MockLibraryService()
        library.searchHandler = { _, _ in throw LibraryError(.database, "The database is busy.") }
        let viewModel = SearchViewModel(services: .mock(library: library))
        await viewModel.search("x")
        #expect(viewModel.state.viewState.failureMessage == "The database is busy.")
    }

    @Test func refreshesResultsWhenTracksChange() async throws {
        let results = Box([Self.joga])
        var library = MockLibraryService()
        library.searchHandler = { _, _ in results.current }
        let services = ServiceContainer.mock(library: library)
        let viewModel = SearchViewModel(services: services)
        viewModel.startObserving()
        await viewModel.search("bj")
        let updates = viewModel.updates()

        results.current = [Self.joga, Self.hunter]
        services.feed.publish(.tracksChanged(libraryID: 1))

        let state = try await Wait.first("both results", in: updates) { $0.results.count == 2 }
        #expect(state.text == "bj")
        #expect(state.viewState == .loaded)
    }

    @Test func worksOverLiveServices() async throws {
        let folder = try TemporaryDirectory("search-vm")
        defer { folder.remove() }
        let services = try ServiceContainer.inMemory(reader: FakeTagReader())
        try folder.write("1.mp3", FakeTagReader.file(FakeTagReader.track("Blue Train", artist: "John Coltrane")))
        let viewModel = SearchViewModel(services: services)
        viewModel.startObserving()
        await viewModel.search("coltrane")
        #expect(viewModel.state.results.isEmpty)
        let updates = viewModel.updates()

        _ = try await services.scanner.run(folder.url.path)

        let state = try await Wait.first("a result", in: updates) { !$0.results.isEmpty }
        #expect(state.results.map(\.title) == ["Blue Train"])
    }
}
