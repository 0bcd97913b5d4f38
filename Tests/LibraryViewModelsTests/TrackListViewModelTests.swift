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
    @Test func aSlowOlderReloadOfTheSameRequestDoesNotOverwriteTheNewerRows() async throws {
        let calls = Shared(0)
        let gate = Shared(false)
        var service = MockLibraryService()
        service.tracksHandler = { _ in
            calls.set(calls.read() + 1)
            if calls.read() == 1 {
                // The first (older) load answers, with the rows from before, after the newer one.
                try await Wait.until("the newer load to land") { gate.read() }
                return [Samples.track(1, "A")]
            }
            return [Samples.track(1, "A"), Samples.track(2, "B")]
        }
        let viewModel = TrackListViewModel(services: .mock(library: service))
        let older = Task { await viewModel.load(ListRequest()) }
        try await Wait.until("the older load to start") { calls.read() == 1 }
        await viewModel.reload()
        gate.set(true)
        await older.value
        #expect(viewModel.state.rows.count == 2)
        #expect(viewModel.state.viewState == .loaded)
    }

    @Test func loadGoesFromLoadingToLoadedWithRows() async throws {
        var service = MockLibraryService()
        service.tracksHandler = { _ in [Samples.track(1, "A"), Samples.track(2, "B")] }
        let viewModel = TrackListViewModel(services: .mock(library: service))
        let states = viewModel.updates()
        #expect(try await Wait.first("the initial state", in: states).viewState == .idle)

        await viewModel.load(ListRequest())

        #expect(try await Wait.first("the loading state", in: states).viewState == .loading)
        let loaded = try await Wait.first("the loaded state", in: states)
        #expect(loaded.viewState == .loaded)
        #expect(loaded.rows == [Samples.track(1, "A"), Samples.track(2, "B")])
        #expect(viewModel.state.rows.count == 2)
    }

    @Test func failureBecomesAFailedStateKeepingTheErrorsKind() async throws {
        var service = MockLibraryService()
        service.tracksHandler = { _ in throw LibraryError(.notFound, "No library named \"X\": known libraries: Music.") }
        let viewModel = TrackListViewModel(services: .mock(library: service))
        await viewModel.load(ListRequest())
        #expect(viewModel.state.viewState == .failed(LibraryError(.notFound, "No library named \"X\": known libraries: Music.")))
        #expect(viewModel.state.viewState.failure?.code == .notFound)
        #expect(throws: LibraryError(.notFound, "No library named \"X\": known libraries: Music.")) {
            try viewModel.state.viewState.throwIfFailed()
        }
    }

    @Test func anErrorThatIsNoLibraryErrorFailsAsADatabaseError() async throws {
        struct Odd: Error {}
        var service = MockLibraryService()
        service.tracksHandler = { _ in throw Odd() }
        let viewModel = TrackListViewModel(services: .mock(library: service))
        await viewModel.load(ListRequest())
        #expect(viewModel.state.viewState.failure?.code == .database)
    }

    @Test func queryArgumentsAreOneTermEachAndReachTheService() async throws {
        let requests = Shared<[ListRequest]>([])
        var service = MockLibraryService()
        service.tracksHandler = { request in requests.set(requests.read() + [request]); return [] }
        let viewModel = TrackListViewModel(services: .mock(library: service))
        await viewModel.load(arguments: ["album:Kind of Blue", "year:1959"], sort: ["year+"], limit: 3)
        #expect(viewModel.state.viewState == .loaded)
        let expected = ListRequest(
            query: try LibraryQuery.parse("album:\"Kind of Blue\" year:1959"),
            sort: try LibrarySort.parse(["year+"], for: .tracks), limit: 3)
        #expect(requests.read() == [expected])
    }

    @Test("a malformed query or unknown sort key fails as invalid input, without calling the service", arguments: [
        (["colour:red"], [String]()), (["year:abc"], []), (["artist:x"], ["colour+"]),
    ])
    func malformedInputFailsAsInvalidInput(query: [String], sort: [String]) async throws {
        let viewModel = TrackListViewModel(services: .mock())
        await viewModel.load(arguments: query, sort: sort)
        let failure = try #require(viewModel.state.viewState.failure)
        #expect(failure.code == .invalidInput)
        #expect(failure.message.contains("colour") || failure.message.contains("abc"))
    }

    @Test func everySubscriberGetsEveryState() async throws {
        var service = MockLibraryService()
        service.tracksHandler = { _ in [Samples.track(1, "A")] }
        let viewModel = TrackListViewModel(services: .mock(library: service))
        let first = viewModel.updates()
        let second = viewModel.updates()
        await viewModel.load(ListRequest())

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
        await viewModel.load(ListRequest())
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

    @Test func stateChangesAreObservableThroughTheViewModel() async throws {
        var service = MockLibraryService()
        service.tracksHandler = { _ in [Samples.track(1, "A")] }
        let viewModel = TrackListViewModel(services: .mock(library: service))
        let changed = Flag()
        withObservationTracking { _ = viewModel.state } onChange: { changed.set() }
        await viewModel.load(ListRequest())
        #expect(changed.isSet)
    }
}
