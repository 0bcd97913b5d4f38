import Foundation
import LibraryCore
import LibraryServices
import LibraryViewModels
import Testing
import TestKit
import TestSupport

@Suite("ArtistListViewModel")
struct ArtistListViewModelTests {
    static let bjork = ArtistSummary(id: 1, name: "Björk", albumCount: 2, trackCount: 21, durationMs: 5_400_000)
    static let crue = ArtistSummary(id: 2, name: "Mötley Crüe", albumCount: 1, trackCount: 12, durationMs: 3_000_000)

    @Test func loadsTheArtistsOfARequest() async throws {
        let received = Box<[ListRequest]>([])
        var library = MockLibraryService()
        library.artistsHandler = { request in
            received.current.append(request)
            return [Self.bjork]
        }
        let viewModel = ArtistListViewModel(services: .mock(library: library))
        let request = ListRequest(query: try LibraryQuery.parse(arguments: ["genre:electronic"]), sort: try LibrarySort.parse(["tracks-"], for: .artists))

        await viewModel.load(request)

        #expect(viewModel.state.viewState == .loaded)
        #expect(viewModel.state.rows == [Self.bjork])
        #expect(viewModel.state.request == request)
        #expect(received.current == [request])
    }

    @Test func reloadKeepsTheRequest() async throws {
        let artists = Box([Self.bjork])
        let received = Box<[ListRequest]>([])
        var library = MockLibraryService()
        library.artistsHandler = { request in
            received.current.append(request)
            return artists.current
        }
        let viewModel = ArtistListViewModel(services: .mock(library: library))
        let request = ListRequest(limit: 2)
        await viewModel.load(request)

        artists.current = [Self.bjork, Self.crue]
        await viewModel.reload()

        #expect(viewModel.state.rows == [Self.bjork, Self.crue])
        #expect(received.current == [request, request])
    }

    @Test func reloadsWhenTracksChange() async throws {
        let artists = Box([Self.bjork])
        var library = MockLibraryService()
        library.artistsHandler = { _ in artists.current }
        let services = ServiceContainer.mock(library: library)
        let viewModel = ArtistListViewModel(services: services)
        await viewModel.load(ListRequest())
        viewModel.startObserving()
        let updates = viewModel.updates()

        artists.current = [Self.crue]
        services.feed.publish(.tracksChanged(libraryID: nil))

        let state = try await Wait.first("the reloaded artists", in: updates) { $0.rows == [Self.crue] }
        #expect(state.viewState == .loaded)
    }

    @Test func observingStopsWithTheViewModel() async throws {
        var library = MockLibraryService()
        library.artistsHandler = { _ in [] }
        let services = ServiceContainer.mock(library: library)
        var viewModel: ArtistListViewModel? = ArtistListViewModel(services: services)
        viewModel?.startObserving()
        #expect(services.feed.subscriberCount == 1)
        viewModel = nil
        // The observing task is cancelled on deinit; its stream goes when the task ends.
        try await Wait.until("the feed to lose its subscriber") {
            services.feed.publish(.tracksChanged(libraryID: nil))
            return services.feed.subscriberCount == 0
        }
    }

    @Test func stubShowsItsState() {
        let viewModel = ArtistListViewModel.stub(.init(viewState: .failed(LibraryError(.database, "no")), rows: [Self.crue]))
        #expect(viewModel.state.viewState.failureMessage == "no")
        #expect(viewModel.state.rows == [Self.crue])
        #expect(ArtistListViewModel.stub().state.viewState == .loaded)
    }
}
