import Foundation
import Hummingbird
import HummingbirdTesting
import KanoraAPI
import LibraryServer
import LibraryServices
import Testing

/// `/api/v1/`'s one error path, over a real server: whatever fails (the authentication, a
/// role, a body, a decoder, a service, a view model) is the same envelope with the status its
/// kind fits, its message in the caller's language wherever the route.
@Suite("API error path")
struct APIErrorPathTests {
    /// One request and what it must fail with.
    struct Failing: Sendable, CustomStringConvertible {
        var method: HTTPRequest.Method = .get
        var path: String
        var headers: HTTPFields = [:]
        var body: String?
        var status: HTTPResponse.Status
        var kind: String

        var description: String { "\(method) \(path)" }
    }

    /// The status, headers and envelope of `request`.
    static func send(_ request: Failing, _ client: some TestClientProtocol) async throws -> (TestResponse, APIErrorEnvelope) {
        var headers = request.headers
        if request.body != nil { headers[.contentType] = API.jsonContentType }
        let response = try await client.execute(
            uri: request.path, method: request.method, headers: headers, body: request.body.map { ByteBuffer(string: $0) })
        #expect(response.status == request.status, "\(request)")
        #expect(response.headers[.contentType] == API.jsonContentType, "\(request)")
        let envelope = try API.decoder.decode(APIErrorEnvelope.self, from: Data(response.body.readableBytesView))
        #expect(envelope.error.kind == request.kind, "\(request)")
        return (response, envelope)
    }

    @Test func everyKindOfFailureIsTheEnvelopeWithTheStatusOfItsKind() async throws {
        let harness = try await WebViewModelHarness()
        try await harness.live { web in
            let bob: HTTPFields = [.authorization: "Bearer \(web.bobKey)"]
            let signIn = try await web.client.execute(
                uri: SignInRequest.path, method: .post, headers: [.contentType: API.jsonContentType],
                body: ByteBuffer(data: try API.encoder.encode(SignInBody(user: "bob", password: "swordfish"))))
            let cookie = String(try #require(signIn.headers[.setCookie]).split(separator: ";")[0])
            let failures = [
                Failing(path: "/api/v1/libraries", status: .unauthorized, kind: "unauthorized"),
                Failing(path: "/api/v1/libraries", headers: [.authorization: "Bearer knr_nope"], status: .unauthorized, kind: "unauthorized"),
                Failing(method: .post, path: "/api/v1/playlists", headers: [.cookie: cookie], body: #"{"name":"x"}"#, status: .forbidden, kind: "forbidden"),
                Failing(method: .post, path: "/api/v1/prune", headers: bob, body: #"{"dryRun":true}"#, status: .forbidden, kind: "forbidden"),
                Failing(path: "/api/v1/viewmodels/users", headers: bob, status: .forbidden, kind: "forbidden"),
                Failing(path: "/api/v1/no/such/thing", headers: bob, status: .notFound, kind: "notFound"),
                Failing(path: "/api/v1/playlists/named?q=%7B%22name%22%3A%22Nope%22%7D", headers: bob, status: .notFound, kind: "notFound"),
                Failing(method: .post, path: "/api/v1/playlists", headers: bob, body: "{", status: .badRequest, kind: "invalidInput"),
                Failing(method: .post, path: "/api/v1/playlists", headers: bob, body: String(repeating: " ", count: APIBodyLimit.small + 1),
                        status: .contentTooLarge, kind: "invalidInput"),
                Failing(path: "/api/v1/viewmodels/albums?limit=0", headers: bob, status: .badRequest, kind: "invalidInput"),
                Failing(path: "/api/v1/cover?id=zz", headers: bob, status: .badRequest, kind: "invalidInput"),
                Failing(path: "/api/v1/stream?id=0", headers: bob, status: .badRequest, kind: "invalidInput"),
                Failing(method: .post, path: SignInRequest.path, body: #"{"user":"bob","password":"wrong one"}"#, status: .unauthorized, kind: "unauthorized"),
            ]
            for failure in failures { _ = try await Self.send(failure, web.client) }

            let (undecodable, envelope) = try await Self.send(failures[7], web.client)
            #expect(envelope.error.message.hasPrefix("The request does not read as this API's JSON: "), "\(undecodable.status)")
            // An ended session is refused and forgotten: the refusal clears the cookie.
            let (expired, _) = try await Self.send(
                Failing(path: "/api/v1/session", headers: [.cookie: "\(SessionCookie.name)=knr_s_gone"], status: .unauthorized, kind: "unauthorized"),
                web.client)
            #expect(expired.headers[.setCookie]?.hasPrefix("\(SessionCookie.name)=; ") == true)
        }
    }

    @Test func aSignedInUsersErrorsAreInTheirLanguageOnEveryRoute() async throws {
        let harness = try await WebViewModelHarness()
        _ = try await harness.services.users.setLanguage("de", forUser: try await harness.services.users.user(named: "bob").id)
        try await harness.live { web in
            func failures(_ key: String, language: String?) -> [Failing] {
                var headers: HTTPFields = [.authorization: "Bearer \(key)"]
                if let language { headers[.acceptLanguage] = language }
                return [
                    Failing(path: "/api/v1/cover?id=zz", headers: headers, status: .badRequest, kind: "invalidInput"),
                    Failing(path: "/api/v1/stream?id=0", headers: headers, status: .badRequest, kind: "invalidInput"),
                    Failing(method: .post, path: "/api/v1/playlists", headers: headers, body: String(repeating: " ", count: APIBodyLimit.small + 1),
                            status: .contentTooLarge, kind: "invalidInput"),
                    Failing(path: "/api/v1/viewmodels/library?query=year:abc", headers: headers, status: .badRequest, kind: "invalidInput"),
                    Failing(path: "/api/v1/tracks?q=nonsense", headers: headers, status: .badRequest, kind: "invalidInput"),
                ]
            }
            // Bob chose German: his browser's English does not count.
            var german: [String] = []
            for failure in failures(web.bobKey, language: "en") { german.append(try await Self.send(failure, web.client).1.error.message) }
            #expect(german == [
                "Die Anfrage ist ungültig.", "Die Anfrage ist ungültig.", "Die Anfrage ist ungültig.",
                "Die Abfrage kann „year:abc“ nicht verwenden: prüfe den Feldnamen und seinen Wert.", "Die Anfrage ist ungültig.",
            ])
            // Alice chose nothing and her browser says nothing: the services' own English.
            var english: [String] = []
            for failure in failures(web.aliceKey, language: nil) { english.append(try await Self.send(failure, web.client).1.error.message) }
            #expect(english[0] == #""zz" names no cover: use al-ID, ar-ID, tr-ID or fo-ID."#)
            #expect(english[1] == "stream needs id=TRACK, a track's number (as in /api/v1/tracks), e.g. ?id=12.")
            #expect(english[2] == "The body of `POST /api/v1/playlists` may be at most 64 KiB: send less.")
            #expect(english[3].contains(#"in "year:abc""#))
            #expect(english[4].hasPrefix("The request does not read as this API's JSON: "))
        }
    }
}
