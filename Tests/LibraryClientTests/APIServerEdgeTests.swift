import Foundation
import Hummingbird
import NIOCore
import HummingbirdTesting
import KanoraAPI
import LibraryClient
import LibraryServer
import LibraryServices
import TestKit
import TestSupport
import Testing

@Suite("API edges: unauthenticated requests, malformed queries, another API version")
struct APIServerEdgeTests {
    private func envelope(_ body: ByteBuffer) throws -> APIErrorEnvelope {
        try API.decoder.decode(APIErrorEnvelope.self, from: Data(body.readableBytesView))
    }

    @Test func everyRouteNeedsABearerKeyAndAnswersWithTheEnvelope() async throws {
        let harness = try await RemoteHarness(scanning: nil)
        let application = KanoraServer.application(services: harness.server, configuration: ServerConfiguration(port: 0, watch: false))
        try await application.test(.router) { client in
            for type in APICatalog.requests where type.access != .anyone {
                let response = try await client.execute(uri: type.path, method: HTTPRequest.Method(rawValue: type.method.rawValue)!)
                #expect(response.status == .unauthorized, "\(type.path)")
                #expect(try envelope(response.body).error.kind == "unauthorized")
            }
            for path in ["/api/v1/viewmodels/library", "/api/v1/viewmodels/doctor"] {
                let response = try await client.execute(uri: path, method: .get)
                #expect(response.status == .unauthorized, "\(path)")
            }
            let wrong = try await client.execute(uri: "/api/v1/libraries", method: .get, headers: [.authorization: "Bearer knr_nope"])
            #expect(wrong.status == .unauthorized)
            let right = try await client.execute(uri: "/api/v1/version", method: .get, headers: [.authorization: "Bearer \(harness.token)"])
            #expect(right.status == .ok)
            #expect(try API.decoder.decode(VersionInfo.self, from: Data(right.body.readableBytesView)) == VersionInfo(server: "dev"))
            let malformed = try await client.execute(
                uri: "/api/v1/tracks?q=%7B%22query%22%3A%22year%3Aabc%22%7D", method: .get, headers: [.authorization: "Bearer \(harness.token)"])
            #expect(malformed.status == .badRequest)
            #expect(try envelope(malformed.body).error.kind == "invalidInput")
            let unknown = try await client.execute(uri: "/api/v1/nothing/here", method: .get, headers: [.authorization: "Bearer \(harness.token)"])
            #expect(unknown.status == .notFound)
            #expect(try envelope(unknown.body).error.message.contains("No such request: GET /api/v1/nothing/here"))
            let missing = try await client.execute(
                uri: "/api/v1/playlists/named?q=%7B%22name%22%3A%22Nope%22%7D", method: .get, headers: [.authorization: "Bearer \(harness.token)"])
            #expect(missing.status == .notFound)
        }
    }

    @Test func aServerThatStopsAnsweringTimesOutInOneLine() async throws {
        // The answer is held until the client has given up, however long that takes.
        let clientGaveUp = Shared(false)
        let router = Router()
        router.get("/api/v1/version") { _, _ in #"{"api":1,"server":"9.0.0"}"# }
        router.get("/api/v1/libraries") { _, _ in
            try await Wait.until("the client to give up") { clientGaveUp.read() }
            return "[]"
        }
        let application = Application(router: router, configuration: ApplicationConfiguration(address: .hostname("127.0.0.1", port: 0)))
        try await application.test(.live) { client in
            defer { clientGaveUp.set(true) }
            let url = "http://127.0.0.1:\(client.port!)"
            let library = RemoteLibraryService(client: APIClient(baseURL: URL(string: url)!, token: "knr_x", answerTimeout: .milliseconds(500)))
            let error = await #expect(throws: LibraryError.self) { try await library.libraries() }
            #expect(error?.code == .unavailable)
            #expect(error?.message == "The Kanora server at \(url) stopped answering (timed out): try again, or check the server.")
        }
    }

    @Test func aServerSpeakingAnotherAPIVersionIsRefusedInOneLine() async throws {
        let router = Router()
        router.get("/api/v1/version") { _, _ in #"{"api":2,"server":"9.0.0"}"# }
        let application = Application(router: router, configuration: ApplicationConfiguration(address: .hostname("127.0.0.1", port: 0)))
        try await application.test(.live) { client in
            let url = "http://127.0.0.1:\(client.port!)"
            let remote = try ServiceContainer.remote(url: URL(string: url)!, token: "knr_x")
            let error = await #expect(throws: LibraryError.self) { try await remote.library.libraries() }
            #expect(error?.code == .unavailable)
            #expect(error?.message == "The Kanora server at \(url) speaks API version 2 (Kanora 9.0.0); this kanora speaks version 1: use the same Kanora version on both.")
        }
    }
}
