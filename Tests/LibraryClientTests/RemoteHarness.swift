import Foundation
import HummingbirdTesting
import LibraryClient
import LibraryCore
import LibraryServer
import LibraryServices
import TestKit
import TestSupport

/// A Kanora server over an in-memory database (the sample library scanned, an admin and a
/// user with API keys), served on a free loopback port, and the remote container talking to it.
struct RemoteHarness {
    /// The server's own services: what the remote answers are compared with.
    let server: ServiceContainer
    /// An administrator, whose key `token` is.
    let user: User
    let token: String
    /// A user who is not an administrator, and their key.
    let guest: User
    let guestToken: String

    init(scanning folder: String? = Fixtures.sampleLibrary.path) async throws {
        server = try ServiceContainer.inMemory()
        if let folder { _ = try await server.scanner.run(folder, name: "Samples") }
        user = try await server.users.addUser(named: "alice", password: "opensesame", isAdmin: true)
        token = try await server.users.createAPIKey(forUser: "alice")
        guest = try await server.users.addUser(named: "guest", password: "opensesame", isAdmin: false)
        guestToken = try await server.users.createAPIKey(forUser: "guest")
    }

    /// The server's playlist service for the harness user.
    var playlists: any PlaylistService { server.playlists(for: user.id) }

    /// Serves for the duration of `body`, which gets the remote container and the address.
    func run(
        token: String? = nil, eventHeartbeat: Duration = .seconds(15), throttle: LoginThrottle = LoginThrottle(),
        _ body: @escaping @Sendable (ServiceContainer, URL) async throws -> Void
    ) async throws {
        let configuration = ServerConfiguration(port: 0, watch: false, serverVersion: "9.9.9", eventHeartbeat: eventHeartbeat)
        let application = KanoraServer.application(
            services: server, configuration: configuration, state: ServerState(configuration: configuration, throttle: throttle))
        let token = token ?? self.token
        try await application.test(.live) { client in
            let url = URL(string: "http://127.0.0.1:\(client.port!)")!
            try await body(try ServiceContainer.remote(url: url, token: token), url)
        }
    }
}
