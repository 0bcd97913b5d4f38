import Foundation
import LibraryCore
import LibraryServices
import LibraryViewModels
import Testing
import TestKit
import TestSupport

@Suite("ListingViewModel streaming")
struct ListingStreamTests {
    @Test func streamHandsTheRowsInOrderAndKeepsNone() async throws {
        let requests = Shared<[ListRequest]>([])
        var service = MockLibraryService()
        service.tracksHandler = { request in
            requests.set(requests.read() + [request])
            return [Samples.track(2, "B"), Samples.track(1, "A"), Samples.track(3, "C")]
        }
        let viewModel = TrackListViewModel(services: .mock(library: service))
        let seen = Shared<[Int64]>([])
        await viewModel.stream(arguments: ["year:1959"], sort: ["year+"], limit: 3, detail: .path) {
            seen.set(seen.read() + [$0.id])
        }
        #expect(seen.read() == [2, 1, 3])
        #expect(viewModel.state.viewState == .loaded)
        #expect(viewModel.state.rows.isEmpty)
        let expected = ListRequest(
            query: try LibraryQuery.parse("year:1959"), sort: try LibrarySort.parse(["year+"], for: .tracks),
            limit: 3, detail: .path)
        #expect(requests.read() == [expected])
    }

    @Test func aMalformedQueryFailsTheStreamWithoutCallingTheService() async throws {
        let viewModel = TrackListViewModel(services: .mock())
        let seen = Shared(0)
        await viewModel.stream(arguments: ["colour:red"]) { _ in seen.set(seen.read() + 1) }
        #expect(viewModel.state.viewState.failure?.code == .invalidInput)
        #expect(seen.read() == 0)
    }

    @Test func aFailingServiceFailsTheStream() async throws {
        var service = MockLibraryService()
        service.tracksHandler = { _ in throw LibraryError(.notFound, "No library named \"X\".") }
        let viewModel = TrackListViewModel(services: .mock(library: service))
        await viewModel.stream(arguments: []) { _ in }
        #expect(viewModel.state.viewState.failure?.code == .notFound)
    }

    @Test func streamSearchHandsNothingForTextWithNoWord() async throws {
        let viewModel = SearchViewModel(services: .mock())
        let seen = Shared(0)
        await viewModel.streamSearch("-") { _ in seen.set(seen.read() + 1) }
        #expect(viewModel.state.viewState == .loaded)
        #expect(seen.read() == 0)
    }
}
