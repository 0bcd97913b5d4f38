import Foundation
import LibraryCore
import LibraryServices
import LibraryViewModels
import Testing
import TestKit
import TestSupport

@Suite("Server-hosted view models")
struct HostedViewModelTests {
    private func roundTrip<T: Codable>(_ value: T) throws -> T {
        try JSONDecoder().decode(T.self, from: JSONEncoder().encode(value))
    }

    @Test func theLibraryStateIsWhatTheViewModelLoadsAndSurvivesJSON() async throws {
        let folder = try TemporaryDirectory("hosted-vm")
        defer { folder.remove() }
        try folder.write("a.mp3", FakeTagReader.file(FakeTagReader.track("A", genres: ["Jazz"])))
        try folder.write("b.mp3", FakeTagReader.file(FakeTagReader.track("B", genres: ["Rock"])))
        let services = try ServiceContainer.inMemory(reader: FakeTagReader())
        _ = try await services.scanner.run(folder.url.path, name: "Music")

        let jazz = try LibraryQuery.parse("genre:jazz")
        let hosted = await LibraryViewModel.hostedState(services: services, request: jazz)
        let client = LibraryViewModel(services: services)
        await client.load(matching: jazz)

        #expect(hosted == client.state)
        #expect(hosted.viewState == .loaded)
        #expect(hosted.statistics.tracks == 1)
        #expect(hosted.libraries.map(\.name) == ["Music"])
        #expect(try roundTrip(hosted) == hosted)
    }

    @Test func aFailedStateCarriesTheErrorsKindAndMessage() async throws {
        var service = MockLibraryService()
        service.healthHandler = { throw LibraryError(.database, "The database is busy: try again.") }
        let hosted = await DoctorViewModel.hostedState(services: .mock(library: service), request: ())
        #expect(hosted.viewState == .failed(LibraryError(.database, "The database is busy: try again.")))
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let json = String(decoding: try encoder.encode(hosted.viewState), as: UTF8.self)
        #expect(json == #"{"error":{"kind":"database","message":"The database is busy: try again."},"status":"failed"}"#)
        #expect(try roundTrip(hosted) == hosted)
    }

    @Test func everyViewStateRoundTrips() throws {
        for state in [ViewState.idle, .loading, .loaded, .failed(LibraryError(.notFound, "gone"))] {
            #expect(try roundTrip(state) == state)
        }
        #expect(String(decoding: try JSONEncoder().encode(ViewState.loaded), as: UTF8.self) == #"{"status":"loaded"}"#)
    }
}
