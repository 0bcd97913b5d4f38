import Foundation
import Hummingbird
import HummingbirdTesting
import LibraryCore
import LibraryServer
import LibraryServices
import Testing
import TestSupport

/// A server over real services (in-memory database, real users alice (admin) and bob) and
/// three scanned fake tracks, with a clock the test moves.
struct UserServerHarness {
    let folder: TemporaryDirectory
    let services: ServiceContainer
    let state = ServerState(configuration: ServerConfiguration(serverVersion: "9.9.9"))
    let clock = TestClock()

    init() async throws {
        folder = try TemporaryDirectory("user-server")
        let reader = FakeTagReader()
        let clock = clock
        services = try .inMemory(reader: reader, now: clock.now)
        for (index, title) in ["One", "Two", "Three"].enumerated() {
            _ = try folder.write("Album/\(index + 1) \(title).mp3", FakeTagReader.file(
                FakeTagReader.track(title, album: "Album", track: index + 1, durationMs: 60_000 * (index + 1))))
        }
        _ = try await services.scanner.run(folder.url.path)
        _ = try await services.users.addUser(named: "alice", password: "opensesame", isAdmin: true)
        _ = try await services.users.addUser(named: "bob", password: "swordfish", isAdmin: false)
    }

    /// The Subsonic id of the track titled `title` ("tr-2").
    func song(_ title: String) async throws -> String {
        try await "tr-\(track(title).id)"
    }

    func track(_ title: String) async throws -> Track {
        try #require(try await services.library.tracks(ListRequest()).first { $0.title == title })
    }

    func userID(_ name: String) async throws -> Int64 {
        try await services.users.user(named: name).id
    }

    /// Runs `test` with a router client, then removes the folder.
    func test(_ test: @escaping @Sendable (any TestClientProtocol) async throws -> Void) async throws {
        defer { folder.remove() }
        try await KanoraServer.application(services: services, configuration: state.configuration, state: state).test(.router, test)
    }
}

extension TestClientProtocol {
    /// POST `/rest/NAME` with `body` as a form and the decoded JSON answer.
    func postJSON(_ name: String, _ body: String) async throws -> JSONAnswer {
        let response = try await execute(
            uri: "/rest/\(name)", method: .post, headers: [.contentType: "application/x-www-form-urlencoded"],
            body: ByteBuffer(string: body + "&f=json"))
        #expect(response.status == .ok)
        return try JSONAnswer(response.body)
    }
}

extension JSONAnswer {
    /// The member `key` as a list of objects.
    func list(_ key: String, in object: String) -> [[String: Any]]? {
        self[object]?[key] as? [[String: Any]]
    }
}
