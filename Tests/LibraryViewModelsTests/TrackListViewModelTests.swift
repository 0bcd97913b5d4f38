import Foundation
import LibraryCore
import LibraryServices
import LibraryViewModels
import Observation
import Testing
import TestKit
import TestSupport

@Suite("TrackListViewModel")
struct TrackListViewModelTests {
    @Test func loadGoesFromLoadingToLoadedWithRows() async throws {
        var service = MockLibraryService()
        service.tracksHandler = { _ in [Samples.track(1, "A"), Samples.track(2, "B")] }
        let viewModel = TrackListViewModel(services: .mock(library: service))
        let states = viewModel.updates()
        #expect(try await Wait.first("the initial state", in: states).viewState == .idle)

        await viewModel.load(.tracks, ListRequest())

        #expect(try await Wait.first("the loading state", in: states).viewState == .loading)
        let loaded = try await Wait.first("the loaded state", in: states)
        #expect(loaded.viewState == .loaded)
        #expect(loaded.rows == .tracks([Samples.track(1, "A"), Samples.track(2, "B")]))
        #expect(viewModel.state.rows.count == 2)
    }

    @Test func failureBecomesAFailedStateWithTheMessage() async throws {
        var service = MockLibraryService()
        service.albumsHandler = { _ in throw LibraryError(.database, "The database is busy: try again.") }
        let viewModel = TrackListViewModel(services: .mock(library: service))
        await viewModel.load(.albums, ListRequest())
        #expect(viewModel.state.viewState == .failed("The database is busy: try again."))
    }

    @Test func everySubscriberGetsEveryState() async throws {
        var service = MockLibraryService()
        service.tracksHandler = { _ in [Samples.track(1, "A")] }
        let viewModel = TrackListViewModel(services: .mock(library: service))
        let first = viewModel.updates()
        let second = viewModel.updates()
        await viewModel.load(.tracks, ListRequest())

        for stream in [first, second] {
            let seen = try await Wait.prefix("the loaded state", of: stream) { $0.viewState == .loaded }.map(\.viewState)
            #expect(seen == [.idle, .loading, .loaded])
        }
    }

    @Test func reloadsWhenTheFeedReportsChangedTracks() async throws {
        let feed = ChangeFeed()
        let tracks = Shared([Samples.track(1, "A")])
        var service = MockLibraryService()
        service.tracksHandler = { _ in tracks.read() }
        let viewModel = TrackListViewModel(services: .mock(library: service, feed: feed))
        await viewModel.load(.tracks, ListRequest())
        viewModel.startObserving()
        let states = viewModel.updates()
        _ = try await Wait.first("the current state", in: states)

        tracks.set([Samples.track(1, "A"), Samples.track(3, "C")])
        feed.publish(.playlistsChanged(playlistID: nil))
        feed.publish(.tracksChanged(libraryID: 1))

        let latest = viewModel.state.rows.count == 2
            ? viewModel.state : try await Wait.first("the reloaded rows", in: states) { $0.rows.count == 2 }
        #expect(latest.rows.count == 2)
        #expect(tracks.reads == 2)
    }

    @Test func stateChangesAreObservable() async throws {
        var service = MockLibraryService()
        service.tracksHandler = { _ in [Samples.track(1, "A")] }
        let viewModel = TrackListViewModel(services: .mock(library: service))
        let changed = Flag()
        withObservationTracking { _ = viewModel.state } onChange: { changed.set() }
        await viewModel.load(.tracks, ListRequest())
        #expect(changed.isSet)
    }
}
