import Foundation
import LibraryCore
import LibraryServices
import LibraryViewModels
import Testing
import TestKit
import TestSupport

@Suite("AlbumListViewModel")
struct AlbumListViewModelTests {
    static let homogenic = AlbumSummary(id: 1, title: "Homogenic", albumArtist: "Björk", compilation: false, year: 1997, trackCount: 10, durationMs: 2_600_000)
    static let post = AlbumSummary(id: 2, title: "Post", albumArtist: "Björk", compilation: false, year: 1995, trackCount: 11, durationMs: 2_800_000)

    @Test func loadsTheAlbumsOfARequest() async throws {
        let received = Box<[ListRequest]>([])
        var library = MockLibraryService()
        library.albumsHandler = { request in
            received.current.append(request)
            return [Self.homogenic, Self.post]
        }
        let viewModel = AlbumListViewModel(services: .mock(library: library))
        #expect(viewModel.state.viewState == .idle)
        let request = ListRequest(query: try LibraryQuery.parse(arguments: ["albumartist:björk"]), limit: 5)

        await viewModel.load(request)

        #expect(viewModel.state == AlbumListViewModel.State(viewState: .loaded, request: request, rows: [Self.homogenic, Self.post]))
        #expect(received.current == [request])
    }

    @Test func publishesLoadingThenLoaded() async throws {
        var library = MockLibraryService()
        library.albumsHandler = { _ in [Self.post] }
        let viewModel = AlbumListViewModel(services: .mock(library: library))
        let updates = viewModel.updates()

        await viewModel.load(ListRequest())

        let seen = try await Wait.prefix("the loaded state", of: updates) { $0.viewState == .loaded }.map(\.viewState)
        #expect(seen == [.idle, .loading, .loaded])
    }

    @Test func aFailureKeepsItsMessage() async throws {
        var library = MockLibraryService()
        library.albumsHandler = { _ in throw LibraryError(.database, "The database is busy.") }
        let viewModel = AlbumListViewModel(services: .mock(library: library))

        await viewModel.load(ListRequest())

        #expect(viewModel.state.viewState == .failed(LibraryError(.database, "The database is busy.")))
        #expect(viewModel.state.rows.isEmpty)
    }

    @Test func reloadsWhenTracksChange() async throws {
        let albums = Box([Self.homogenic])
        var library = MockLibraryService()
        library.albumsHandler = { _ in albums.current }
        let services = ServiceContainer.mock(library: library)
        let viewModel = AlbumListViewModel(services: services)
        await viewModel.load(ListRequest())
        viewModel.startObserving()
        let updates = viewModel.updates()

        albums.current = [Self.homogenic, Self.post]
        services.feed.publish(.playlistsChanged(playlistID: nil))
        services.feed.publish(.tracksChanged(libraryID: 1))

        let state = try await Wait.first("both albums, loaded", in: updates) { $0.rows.count == 2 && $0.viewState == .loaded }
        #expect(state.rows == [Self.homogenic, Self.post])
    }
}
