import Foundation
import Hummingbird
import HummingbirdTesting
import LibraryCore
import LibraryServer
import LibraryServices
import Testing
import TestSupport

/// A real server on 127.0.0.1 over an in-memory database holding five committed fixtures
/// scanned with TagLib, with real users alice (admin) and bob, each with an API key.
struct WebViewModelHarness {
    static let fixtures = ["tagged.flac", "id3v23.mp3", "id3v24.mp3", "tagged.aiff", "aac.m4a"]

    let folder: TemporaryDirectory
    let services: ServiceContainer
    let state = ServerState(configuration: ServerConfiguration(port: 0, serverVersion: "9.9.9"))
    let aliceKey: String
    let bobKey: String
    /// Track ids by file name.
    let ids: [String: Int64]

    init() async throws {
        folder = try TemporaryDirectory("web-view-models")
        for name in Self.fixtures { _ = try folder.copy(Fixtures.url(name), to: "music/\(name)") }
        services = try .inMemory()
        _ = try await services.scanner.run(folder.path("music"))
        _ = try await services.users.addUser(named: "alice", password: "opensesame", isAdmin: true)
        _ = try await services.users.addUser(named: "bob", password: "swordfish", isAdmin: false)
        aliceKey = try await services.users.createAPIKey(forUser: "alice", label: "web").key
        bobKey = try await services.users.createAPIKey(forUser: "bob", label: nil).key
        let tracks = try await services.library.tracks(ListRequest())
        ids = Dictionary(uniqueKeysWithValues: tracks.map { (String(decoding: $0.path.lastComponent, as: UTF8.self), $0.id) })
    }

    /// Runs `test` against the server over real HTTP, then removes the folder.
    func live(_ test: @escaping @Sendable (WebClient) async throws -> Void) async throws {
        defer { folder.remove() }
        try await KanoraServer.application(services: services, configuration: state.configuration, state: state).test(.live) { client in
            try await test(WebClient(client: client, aliceKey: aliceKey, bobKey: bobKey))
        }
    }
}

/// GETs view models as a user, in a language.
struct WebClient: Sendable {
    let client: any TestClientProtocol
    let aliceKey: String
    let bobKey: String

    /// The status and JSON object of `GET /api/v1/viewmodels/PATH` (`as`: nil, no key).
    func get(_ path: String, as user: String? = "alice", language: String? = nil) async throws -> (HTTPResponse.Status, [String: Any]) {
        var headers: HTTPFields = [:]
        if let user { headers[.authorization] = "Bearer \(user == "alice" ? aliceKey : bobKey)" }
        if let language { headers[.acceptLanguage] = language }
        let response = try await client.execute(uri: "/api/v1/viewmodels/" + path, method: .get, headers: headers)
        let object = try JSONSerialization.jsonObject(with: Data(response.body.readableBytesView)) as? [String: Any] ?? [:]
        return (response.status, object)
    }

    /// The answer of a request that must succeed.
    func screen(_ path: String, as user: String? = "alice", language: String? = nil) async throws -> [String: Any] {
        let (status, object) = try await get(path, as: user, language: language)
        #expect(status == .ok, "\(path): \(object)")
        return object
    }

    /// The error message of a request that must fail with `status`.
    func failure(_ path: String, _ status: HTTPResponse.Status, as user: String? = "alice", language: String? = nil) async throws -> String {
        let (answer, object) = try await get(path, as: user, language: language)
        #expect(answer == status, "\(path): \(object)")
        return ((object["error"] as? [String: Any])?["message"] as? String) ?? ""
    }
}

extension Dictionary where Key == String, Value == Any {
    /// The member `key` as a list of objects.
    func list(_ key: String) -> [[String: Any]] { self[key] as? [[String: Any]] ?? [] }
    /// The member `key` as an object.
    func object(_ key: String) -> [String: Any] { self[key] as? [String: Any] ?? [:] }
}
