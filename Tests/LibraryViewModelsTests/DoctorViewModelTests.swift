import Foundation
import LibraryCore
import LibraryServices
import LibraryViewModels
import Testing
import TestKit
import TestSupport

@Suite("DoctorViewModel")
struct DoctorViewModelTests {
    @Test func loadsTheLibrarysHealth() async throws {
        let health = LibraryHealth(missing: [.init(id: 7, path: "/music/gone.mp3")])
        var service = MockLibraryService()
        service.healthHandler = { health }
        let viewModel = DoctorViewModel(services: .mock(library: service))
        await viewModel.load()
        #expect(viewModel.state == DoctorViewModel.State(viewState: .loaded, health: health))
    }

    @Test func aFailureIsShownWithItsMessage() async throws {
        var service = MockLibraryService()
        service.healthHandler = { throw LibraryError(.database, "disk on fire") }
        let viewModel = DoctorViewModel(services: .mock(library: service))
        await viewModel.load()
        #expect(viewModel.state.viewState == .failed(LibraryError(.database, "disk on fire")))
    }

    @Test func examinesAgainAfterAScanThroughTheRealFeed() async throws {
        let folder = try TemporaryDirectory("doctor-vm")
        defer { folder.remove() }
        try folder.write("a.mp3", FakeTagReader.file(FakeTagReader.track("A", album: nil)))
        let services = try ServiceContainer.inMemory(reader: FakeTagReader())
        let viewModel = DoctorViewModel(services: services)
        await viewModel.load()
        #expect(viewModel.state.health.isHealthy)
        viewModel.startObserving()
        let updates = viewModel.updates()

        _ = try await services.scanner.run(folder.url.path)

        let state = try await Wait.first("the untagged track after the scan", in: updates) { $0.health.untagged.count == 1 }
        #expect(state.health.untagged.map(\.path) == [folder.path("a.mp3")])
    }
}
