import Foundation
import Hummingbird
import HummingbirdTesting
import KanoraAPI
import LibraryCore
import LibraryServer
import LibraryServices
import NIOCore
import Testing

/// The web app's sign-in over real HTTP: the cookie, what it admits, sign-out, the
/// request header that guards changes, the throttle, and the user's own marks.
@Suite("Web sessions: sign-in cookie, sign-out, CSRF guard, throttle, stars and queue")
struct WebSessionTests {
    private static let json: HTTPFields = [.contentType: API.jsonContentType]

    private static func signIn(_ client: some TestClientProtocol, user: String = "alice", password: String = "opensesame", headers: HTTPFields = json) async throws -> TestResponse {
        try await client.execute(
            uri: SignInRequest.path, method: .post, headers: headers,
            body: ByteBuffer(data: try API.encoder.encode(SignInBody(user: user, password: password))))
    }

    /// The `name=value` part of a `Set-Cookie` header, to send back in `Cookie`.
    private static func cookie(_ response: TestResponse) throws -> String {
        let header = try #require(response.headers[.setCookie])
        return String(header.split(separator: ";")[0])
    }

    private static func application(_ harness: RemoteHarness, configuration: ServerConfiguration = ServerConfiguration(port: 0, watch: false), throttle: LoginThrottle = LoginThrottle()) -> some ApplicationProtocol {
        KanoraServer.application(
            services: harness.server, configuration: configuration, state: ServerState(configuration: configuration, throttle: throttle))
    }

    @Test func aPasswordGivesAnHttpOnlyStrictCookieThatAdmitsTheAPIUntilSignOut() async throws {
        let harness = try await RemoteHarness()
        try await Self.application(harness).test(.live) { client in
            let wrong = try await Self.signIn(client, password: "not the password")
            #expect(wrong.status == .unauthorized)
            #expect(wrong.headers[.setCookie] == nil)

            let response = try await Self.signIn(client)
            #expect(response.status == .ok)
            let answer = try API.decoder.decode(SessionAnswer.self, from: Data(response.body.readableBytesView))
            #expect(answer.user == SessionUser(harness.user))
            let header = try #require(response.headers[.setCookie])
            for attribute in ["kanora_session=kns_", "Path=/", "HttpOnly", "SameSite=Strict", "Max-Age="] {
                #expect(header.contains(attribute), "\(attribute) in \(header)")
            }
            #expect(!header.contains("Secure"), "no TLS here: a Secure cookie would never come back")
            #expect(!header.contains("opensesame"))

            let cookie = try Self.cookie(response)
            let session = try await client.execute(uri: SessionRequest.path, method: .get, headers: [.cookie: cookie])
            #expect(session.status == .ok)
            #expect(try API.decoder.decode(SessionAnswer.self, from: Data(session.body.readableBytesView)).user.name == "alice")
            let libraries = try await client.execute(uri: LibrariesRequest.path, method: .get, headers: [.cookie: cookie])
            #expect(libraries.status == .ok)

            let out = try await client.execute(uri: SignOutRequest.path, method: .delete, headers: [.cookie: cookie, SessionCookie.header: "1"])
            #expect(out.status == .ok)
            #expect(out.headers[.setCookie]?.contains("Max-Age=0") == true)
            let after = try await client.execute(uri: SessionRequest.path, method: .get, headers: [.cookie: cookie])
            #expect(after.status == .unauthorized)
            #expect(after.headers[.setCookie]?.contains("Max-Age=0") == true, "a stale cookie is cleared")
        }
    }

    @Test func aChangeOnTheCookieAloneNeedsTheRequestHeaderAndChangesNothingWithout() async throws {
        let harness = try await RemoteHarness()
        try await Self.application(harness).test(.live) { client in
            let cookie = try Self.cookie(try await Self.signIn(client))
            let body = ByteBuffer(data: try API.encoder.encode(LanguageBody(language: "de")))
            let forged = try await client.execute(
                uri: SetLanguageRequest.path, method: .put, headers: [.cookie: cookie, .contentType: API.jsonContentType], body: body)
            #expect(forged.status == .forbidden)
            #expect(try await harness.server.users.user(named: "alice").language == nil)

            let sent = try await client.execute(
                uri: SetLanguageRequest.path, method: .put,
                headers: [.cookie: cookie, .contentType: API.jsonContentType, SessionCookie.header: "1"], body: body)
            #expect(sent.status == .ok)
            #expect(try await harness.server.users.user(named: "alice").language == "de")
            let session = try await client.execute(uri: SessionRequest.path, method: .get, headers: [.cookie: cookie])
            #expect(try API.decoder.decode(SessionAnswer.self, from: Data(session.body.readableBytesView)).user.language == "de")

            // A bearer key needs no such header: no browser sends it by itself.
            let keyed = try await client.execute(
                uri: SetLanguageRequest.path, method: .put,
                headers: [.authorization: "Bearer \(harness.token)", .contentType: API.jsonContentType],
                body: ByteBuffer(data: try API.encoder.encode(LanguageBody(language: nil))))
            #expect(keyed.status == .ok)
            #expect(try await harness.server.users.user(named: "alice").language == nil)
        }
    }

    @Test func signInGoesThroughTheLoginThrottle() async throws {
        let harness = try await RemoteHarness()
        let throttle = LoginThrottle(maximumFailures: 3, window: 600, lockout: 600)
        try await Self.application(harness, throttle: throttle).test(.live) { client in
            for _ in 0..<3 { #expect(try await Self.signIn(client, password: "guess guess").status == .unauthorized) }
            let locked = try await Self.signIn(client)
            #expect(locked.status == .unauthorized, "the right password is refused while locked out")
            #expect(locked.headers[.setCookie] == nil)
            let envelope = try API.decoder.decode(APIErrorEnvelope.self, from: Data(locked.body.readableBytesView))
            #expect(envelope.error.message.contains("Too many failed logins"))
        }
    }

    @Test func theCookieIsSecureBehindATrustedTLSProxy() async throws {
        let harness = try await RemoteHarness()
        var configuration = ServerConfiguration(port: 0, watch: false)
        configuration.trustedProxies = [try AddressRange(parsing: "127.0.0.1")]
        try await Self.application(harness, configuration: configuration).test(.live) { client in
            var headers = Self.json
            headers[HTTPFields.Element.Name("X-Forwarded-Proto")!] = "https"
            let proxied = try await Self.signIn(client, headers: headers)
            #expect(proxied.headers[.setCookie]?.hasSuffix("; Secure") == true)
            let direct = try await Self.signIn(client)
            #expect(direct.headers[.setCookie]?.contains("Secure") == false)
        }
    }

    @Test func starsPlaysAndTheQueueAreTheUsersOwn() async throws {
        let harness = try await RemoteHarness()
        let track = try #require(try await harness.server.library.tracks(.init()).first)
        try await Self.application(harness).test(.live) { client in
            let cookie = try Self.cookie(try await Self.signIn(client, user: "guest"))
            let headers: HTTPFields = [.cookie: cookie, .contentType: API.jsonContentType, SessionCookie.header: "1"]
            func post(_ path: String, _ body: some Encodable, method: HTTPRequest.Method = .post) async throws -> TestResponse {
                try await client.execute(uri: path, method: method, headers: headers, body: ByteBuffer(data: try API.encoder.encode(body)))
            }
            #expect(try await post(StarRequest.path, StarBody(trackIDs: [track.id], starred: true)).status == .ok)
            #expect(try await post(ScrobbleRequest.path, ScrobbleBody(trackID: track.id, submission: true)).status == .ok)
            #expect(try await post(ScrobbleRequest.path, ScrobbleBody(trackID: 999_999, submission: false)).status == .notFound)
            let queue = PlayQueueBody(trackIDs: [track.id], current: track.id, position: 12.5)
            #expect(try await post(SavePlayQueueRequest.path, queue, method: .put).status == .ok)
            let tooLong = PlayQueueBody(trackIDs: Array(repeating: track.id, count: PlayQueueBody.maximumTracks + 1), current: nil, position: 0)
            #expect(try await post(SavePlayQueueRequest.path, tooLong, method: .put).status == .badRequest)
            let saved = try await client.execute(uri: PlayQueueRequest.path, method: .get, headers: [.cookie: cookie])
            #expect(try API.decoder.decode(PlayQueueBody.self, from: Data(saved.body.readableBytesView)) == queue)
        }
        let marks = try await harness.server.annotations.annotations(for: [.track(track.id)], user: harness.guest.id)
        #expect(marks[.track(track.id)]?.starredAt != nil)
        #expect(marks[.track(track.id)]?.playCount == 1)
        let alices = try await harness.server.annotations.annotations(for: [.track(track.id)], user: harness.user.id)
        #expect(alices[.track(track.id)] == nil, "another user's marks are untouched")
    }
}
