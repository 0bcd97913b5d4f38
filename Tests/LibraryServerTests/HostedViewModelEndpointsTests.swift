import Foundation
import Hummingbird
import HummingbirdTesting
import KanoraAPI
import LibraryCore
import LibraryServer
import LibraryServices
import LibraryViewModels
import Testing
import TestSupport

/// `/viewmodels/library` on a bare router (no auth: the API group adds it). The web app's
/// screens, `doctor` among them, are `WebViewModelEndpointsTests`'.
@Suite("Server-hosted view model endpoints")
struct HostedViewModelEndpointsTests {
    private static func application(_ services: ServiceContainer) -> some ApplicationProtocol {
        let router = Router()
        HostedViewModelResponder.addRoutes(to: router.group("api/v1"), services: services)
        return Application(router: router)
    }

    private static func scanned() async throws -> (ServiceContainer, TemporaryDirectory) {
        let folder = try TemporaryDirectory("hosted-endpoints")
        try folder.write("a.mp3", FakeTagReader.file(FakeTagReader.track("A", genres: ["Jazz"])))
        try folder.write("b.mp3", FakeTagReader.file(FakeTagReader.track("B", album: nil, genres: ["Rock"])))
        let services = try ServiceContainer.inMemory(reader: FakeTagReader())
        _ = try await services.scanner.run(folder.url.path, name: "Music")
        return (services, folder)
    }

    /// The API's own decoder: its dates are the API's (`APIDate`).
    private static var decoder: JSONDecoder { API.decoder }

    @Test func theLibraryViewModelsStateIsServedForAQuery() async throws {
        let (services, folder) = try await Self.scanned()
        defer { folder.remove() }
        try await Self.application(services).test(.router) { client in
            let response = try await client.execute(uri: "/api/v1/viewmodels/library?query=genre:jazz", method: .get)
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "application/json; charset=utf-8")
            let state = try Self.decoder.decode(LibraryViewModel.State.self, from: Data(buffer: response.body))
            #expect(state.viewState == .loaded)
            #expect(state.statistics.tracks == 1)
            #expect(state.libraries.map(\.name) == ["Music"])
            let object = try #require(try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any])
            #expect((object["viewState"] as? [String: Any])?["status"] as? String == "loaded")

            let all = try await client.execute(uri: "/api/v1/viewmodels/library", method: .get)
            #expect(try Self.decoder.decode(LibraryViewModel.State.self, from: Data(buffer: all.body)).statistics.tracks == 2)
        }
    }

    @Test func aMalformedQueryIsABadRequestWithAKindedError() async throws {
        let services = try ServiceContainer.inMemory(reader: FakeTagReader())
        try await Self.application(services).test(.router) { client in
            let response = try await client.execute(uri: "/api/v1/viewmodels/library?query=year:abc", method: .get)
            #expect(response.status == .badRequest)
            let object = try #require(try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any])
            let error = try #require(object["error"] as? [String: Any])
            #expect(error["kind"] as? String == "invalidInput")
            #expect((error["message"] as? String)?.contains("year") == true)
        }
    }
}
