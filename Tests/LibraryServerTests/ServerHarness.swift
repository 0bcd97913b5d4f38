import Foundation
import Hummingbird
import HummingbirdTesting
import LibraryServer
import LibraryServices
import Testing

/// A server over an in-memory database with the fake users, driven through the router.
struct ServerHarness {
    static let alice = "u=alice&p=opensesame"
    static let bob = "u=bob&p=swordfish"

    let services: ServiceContainer
    let state: ServerState

    init(throttle: LoginThrottle = LoginThrottle(), services: ServiceContainer? = nil, trustedProxies: [AddressRange] = [],
        eventHeartbeat: Duration = .seconds(15)
    ) throws {
        let base = try services ?? ServiceContainer.inMemory()
        self.services = ServiceContainer(
            library: base.library, scanner: base.scanner, playlists: base.playlists, watcher: base.watcher,
            users: FakeUserService(), annotations: base.annotations, browse: base.browse, artwork: base.artwork,
            feed: base.feed, now: base.now)
        state = ServerState(configuration: ServerConfiguration(
            port: 0, serverVersion: "9.9.9", eventHeartbeat: eventHeartbeat, trustedProxies: trustedProxies), throttle: throttle)
    }

    var application: some ApplicationProtocol {
        KanoraServer.application(services: services, configuration: state.configuration, state: state)
    }

    /// Runs `test` with a router client.
    func test(_ test: @escaping @Sendable (any TestClientProtocol) async throws -> Void) async throws {
        try await application.test(.router, test)
    }

    /// Runs `test` with a client over real HTTP on 127.0.0.1.
    func live(_ test: @escaping @Sendable (any TestClientProtocol) async throws -> Void) async throws {
        try await application.test(.live, test)
    }
}

/// A decoded JSON Subsonic answer.
struct JSONAnswer {
    let response: [String: Any]

    init(_ body: ByteBuffer, fileID: String = #fileID, line: Int = #line) throws {
        let object = try JSONSerialization.jsonObject(with: Data(body.readableBytesView))
        guard let root = object as? [String: Any], let response = root["subsonic-response"] as? [String: Any] else {
            throw HarnessError("not a subsonic-response: \(String(buffer: body))")
        }
        self.response = response
    }

    var status: String? { response["status"] as? String }
    var errorCode: Int? { (response["error"] as? [String: Any])?["code"] as? Int }
    var errorMessage: String? { (response["error"] as? [String: Any])?["message"] as? String }
    subscript(key: String) -> [String: Any]? { response[key] as? [String: Any] }
}

struct HarnessError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

extension TestClientProtocol {
    /// GET `/rest/NAME?QUERY` and the decoded JSON answer (f=json added).
    func json(_ name: String, _ query: String = ServerHarness.alice) async throws -> JSONAnswer {
        let response = try await execute(uri: "/rest/\(name)?\(query)&f=json", method: .get)
        #expect(response.status == .ok)
        #expect(response.headers[.contentType] == "application/json; charset=utf-8")
        return try JSONAnswer(response.body)
    }

    /// GET `/rest/NAME.view?QUERY` and the XML text.
    func xml(_ name: String, _ query: String = ServerHarness.alice) async throws -> String {
        let response = try await execute(uri: "/rest/\(name).view?\(query)", method: .get)
        #expect(response.status == .ok)
        #expect(response.headers[.contentType] == "text/xml; charset=utf-8")
        return String(buffer: response.body)
    }
}
