import Foundation
import Hummingbird
import HummingbirdTesting
import KanoraAPI
import LibraryServer
import LibraryServices
import NIOCore
import Testing

private struct Route: Sendable {
    let method: String
    let path: String
    let endpoint: String
    let access: APIAccess
}

@Suite("API roles: a user's key is refused every admin route, over real HTTP, and nothing changes")
struct APIRoleTests {
    /// Bodies that an administrator's key would get answered: the refusal must not depend
    /// on the body being wrong.
    private static let adminBodies: [String: String] = [
        "libraries/rename": #"{"name":"Samples","newName":"Gone"}"#,
        "libraries": #"{"name":"Samples"}"#,
        "prune": #"{"dryRun":false}"#,
        "tracks/merge": #"{"oldID":1,"newID":2,"force":true}"#,
        "scans": #"{"options":{}}"#,
        "users": "",
        "users/keys": #"{"name":"alice","all":true}"#,
    ]

    @Test func everyAdminRouteRefusesAUsersKeyAndEveryOtherRouteAdmitsIt() async throws {
        let harness = try await RemoteHarness()
        let librariesBefore = try await harness.server.library.libraries()
        let tracksBefore = try await harness.server.library.tracks(.init()).map(\.id)
        let configuration = ServerConfiguration(port: 0, watch: false)
        let application = KanoraServer.application(services: harness.server, configuration: configuration)
        let routes = APICatalog.requests.map { Route(method: $0.method.rawValue, path: $0.path, endpoint: $0.endpoint, access: $0.access) }
        let admin = routes.filter { $0.access == .admin }.map { $0.endpoint }
        #expect(Set(admin) == Set(Self.adminBodies.keys), "the admin routes are the ones the README names")
        try await application.test(.live) { client in
            // The event stream never ends by itself: its access is checked by the walk below.
            for type in routes where type.path != EventsRequest.path {
                let body = Self.adminBodies[type.endpoint].map { ByteBuffer(string: $0) }
                let response = try await client.execute(
                    uri: type.path, method: HTTPRequest.Method(rawValue: type.method)!,
                    headers: [.authorization: "Bearer \(harness.guestToken)", .contentType: API.jsonContentType], body: body)
                let route = "\(type.method) \(type.path)"
                if type.access == .admin {
                    #expect(response.status == .forbidden, "\(route)")
                    let envelope = try API.decoder.decode(APIErrorEnvelope.self, from: Data(response.body.readableBytesView))
                    #expect(envelope.error.kind == "forbidden", "\(route)")
                    #expect(envelope.error.message.contains("`\(route)` needs an administrator"), "\(route)")
                } else {
                    #expect(response.status != .forbidden, "\(route)")
                    #expect(response.status != .unauthorized, "\(route)")
                }
            }
        }
        #expect(try await harness.server.library.libraries() == librariesBefore)
        #expect(try await harness.server.library.tracks(.init()).map(\.id) == tracksBefore)
        #expect(try await harness.server.users.authenticate(apiKey: harness.token)?.name == "alice")
    }

    @Test func anAdministratorsKeyIsAdmittedToTheAdminRoutes() async throws {
        let harness = try await RemoteHarness()
        let configuration = ServerConfiguration(port: 0, watch: false)
        let application = KanoraServer.application(services: harness.server, configuration: configuration)
        try await application.test(.live) { client in
            let response = try await client.execute(
                uri: RenameLibraryRequest.path, method: .post,
                headers: [.authorization: "Bearer \(harness.token)", .contentType: API.jsonContentType],
                body: ByteBuffer(string: #"{"name":"Samples","newName":"Renamed"}"#))
            #expect(response.status == .ok)
        }
        #expect(try await harness.server.library.libraries().map(\.name) == ["Renamed"])
    }
}
