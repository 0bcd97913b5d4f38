import Foundation
import Hummingbird
import HummingbirdTesting
import LibraryCore
import LibraryServer
@testable import LibraryServices
import TestKit
import TestSupport
import Testing

/// A server over a database file (so it has a pool of readers) with alice and her key,
/// served on a free loopback port.
private struct FileServer {
    let folder: TemporaryDirectory
    let services: ServiceContainer
    let key: NewAPIKey

    init() async throws {
        folder = try TemporaryDirectory("key-auth")
        services = try ServiceContainer.live(databaseURL: URL(fileURLWithPath: folder.path("library.sqlite")))
        _ = try await services.users.addUser(named: "alice", password: "opensesame", isAdmin: false)
        key = try await services.users.createAPIKey(forUser: "alice", label: "phone")
    }

    /// Serves over real HTTP for the duration of `test`, then removes the folder.
    func live(_ test: @escaping @Sendable (any TestClientProtocol) async throws -> Void) async throws {
        defer { folder.remove() }
        let configuration = ServerConfiguration(port: 0, watch: false, serverVersion: "9.9.9")
        try await KanoraServer.application(services: services, configuration: configuration).test(.live, test)
    }
}

@Suite("Keys and logins over HTTP: tokenInfo, short salts, logins while queries hold every reader")
struct KeyAuthenticationTests {
    @Test func tokenInfoNamesTheKeysUserAndRefusesOtherLogins() async throws {
        let server = try await FileServer()
        let key = server.key
        let users = server.services.users
        try await server.live { client in
            let info = try await client.json("tokenInfo", "apiKey=\(key.key)")
            #expect(info.status == "ok")
            #expect(info["tokenInfo"]?["username"] as? String == "alice")
            #expect(try await client.xml("tokenInfo", "apiKey=\(key.key)").contains(#"<tokenInfo username="alice"/>"#))

            let byPassword = try await client.json("tokenInfo", "u=alice&p=opensesame")
            #expect(byPassword.errorCode == 42)
            #expect(byPassword.errorMessage?.contains("call it with apiKey") == true)

            _ = try await users.revokeAPIKey(id: key.info.id, forUser: "alice")
            #expect(try await client.json("tokenInfo", "apiKey=\(key.key)").errorCode == 44)
        }
    }

    @Test func aTokenLoginNeedsASaltOfSixCharacters() async throws {
        let server = try await FileServer()
        try await server.live { client in
            // md5("opensesame" + "c19b2"): the right token, but a 5-character salt.
            let short = try await client.json("ping", "u=alice&t=ed54c1a221d3550855d4b67c24a9af55&s=c19b2")
            #expect(short.errorCode == 10)
            #expect(short.errorMessage == "Parameter 's' (the salt) has 5 characters: use a new random salt of at least 6 for each request")
            #expect(try await client.json("ping", "u=alice&t=e6078b9b1aac915d11b9fd59791030bf&s=").errorCode == 10)
            // md5("opensesame" + "abcdef")
            #expect(try await client.json("ping", "u=alice&t=fc22abed0665bf2548fddfdbe0d4abce&s=abcdef").status == "ok")
        }
    }

    @Test func loginsAnswerWhileQueriesHoldEveryReader() async throws {
        let server = try await FileServer()
        let key = server.key.key
        let database = try #require(server.services.users as? LiveUserService).database
        try await server.live { client in
            let held = try await HeldReaders.holdingEveryReader(of: database)
            let version: HTTPResponse.Status
            let statuses: [String?]
            do {
                version = try await Wait.bounded("/api/v1/version with a key") {
                    try await client.execute(uri: "/api/v1/version", method: .get, headers: [.authorization: "Bearer \(key)"]).status
                }
                statuses = try await Wait.bounded("Subsonic pings with a password, a token and a key") {
                    [
                        try await client.json("ping", "u=alice&p=opensesame").status,
                        try await client.json("ping", "u=alice&t=fc22abed0665bf2548fddfdbe0d4abce&s=abcdef").status,
                        try await client.json("tokenInfo", "apiKey=\(key)").status,
                    ]
                }
            } catch {
                try? await held.release()
                throw error
            }
            try await held.release()
            #expect(version == .ok)
            #expect(statuses == ["ok", "ok", "ok"])
        }
    }
}
