import Foundation
import Hummingbird
import HummingbirdTesting
@testable import LibraryServer
import Testing

@Suite("Subsonic routing")
struct SubsonicRoutingTests {
    @Test func answersWithAndWithoutViewInXMLByDefault() async throws {
        try await ServerHarness().test { client in
            for path in ["/rest/ping", "/rest/ping.view"] {
                let response = try await client.execute(uri: "\(path)?\(ServerHarness.alice)", method: .get)
                #expect(response.status == .ok)
                let body = String(buffer: response.body)
                #expect(body.contains(#"<subsonic-response xmlns="http://subsonic.org/restapi" status="ok" version="1.16.1" type="kanora" serverVersion="9.9.9" openSubsonic="true"/>"#))
            }
        }
    }

    @Test func readsPOSTFormBodiesMergedWithTheQuery() async throws {
        try await ServerHarness().test { client in
            let response = try await client.execute(
                uri: "/rest/getUser.view?f=json", method: .post,
                headers: [.contentType: "application/x-www-form-urlencoded; charset=utf-8"],
                body: ByteBuffer(string: "u=alice&p=enc:6f70656e736573616d65&username=bob&v=1.16.1&c=py"))
            let answer = try JSONAnswer(response.body)
            #expect(answer.status == "ok")
            #expect(answer["user"]?["username"] as? String == "bob")
        }
    }

    @Test func unknownEndpointsAreError70WithABody() async throws {
        try await ServerHarness().test { client in
            let answer = try await client.json("getPodcasts")
            #expect(answer.errorCode == 70)
            #expect(answer.errorMessage == "Unknown Subsonic method 'getPodcasts': Kanora does not implement it")
            let other = try await client.execute(uri: "/rest/", method: .get)
            #expect(other.status == .notFound)
        }
    }

    @Test func jsonpNeedsAValidCallback() async throws {
        try await ServerHarness().test { client in
            let good = try await client.execute(uri: "/rest/ping?\(ServerHarness.alice)&f=jsonp&callback=cb", method: .get)
            #expect(good.headers[.contentType] == "application/javascript; charset=utf-8")
            #expect(String(buffer: good.body).hasPrefix(#"cb({"subsonic-response":{"status":"ok""#))
            let bad = try await client.execute(uri: "/rest/ping?\(ServerHarness.alice)&f=jsonp&callback=alert(1)", method: .get)
            let answer = try JSONAnswer(bad.body)
            #expect(answer.errorCode == 10)
            #expect(answer.errorMessage?.hasPrefix("Parameter 'callback'") == true)
        }
    }

    @Test func hugeAndMalformedRequestsGet4xx() async throws {
        try await ServerHarness().test { client in
            let huge = try await client.execute(
                uri: "/rest/ping", method: .post, headers: [.contentType: "application/x-www-form-urlencoded"],
                body: ByteBuffer(string: ServerHarness.alice + "&x=" + String(repeating: "a", count: 2 << 20)))
            #expect(huge.status == .contentTooLarge)
            let many = String(repeating: "id=1&", count: SubsonicParameters.maximumCount + 1)
            let tooMany = try await client.execute(uri: "/rest/ping?\(many)\(ServerHarness.alice)", method: .get)
            #expect(tooMany.status == .badRequest)
            let garbage = try await client.execute(uri: "/rest/ping?%%%&&==&u=%FF&p=%", method: .get)
            #expect(garbage.status == .ok)
            #expect(String(buffer: garbage.body).contains(#"code="40""#))
        }
    }

    @Test func webClientsFromAnotherOriginMayCall() async throws {
        try await ServerHarness().test { client in
            let preflight = try await client.execute(
                uri: "/rest/ping.view", method: .options,
                headers: [.origin: "https://feishin.example", .accessControlRequestMethod: "GET"])
            #expect(preflight.status == .noContent)
            #expect(preflight.headers[.accessControlAllowOrigin] == "*")
            #expect(preflight.headers[.accessControlAllowMethods]?.contains("POST") == true)
            let answer = try await client.execute(
                uri: "/rest/ping.view?\(ServerHarness.alice)", method: .get, headers: [.origin: "https://feishin.example"])
            #expect(answer.headers[.accessControlAllowOrigin] == "*")
            #expect(String(buffer: answer.body).contains(#"status="ok""#))
        }
    }

    @Test func everyEndpointNameIsRegisteredOnce() {
        let names = SubsonicEndpoints.groups.flatMap { $0.endpoints.map(\.name) }
        #expect(Set(names).count == names.count)
        #expect(SubsonicEndpoints.table().count == names.count)
    }

    @Test func aUserIsRefusedEveryAdminEndpointAndNoOther() async throws {
        let table = SubsonicEndpoints.table()
        #expect(table.values.contains { $0.access == .admin }, "startScan is for administrators")
        let harness = try ServerHarness()
        try await harness.live { client in
            for (name, endpoint) in table.sorted(by: { $0.key < $1.key }) {
                let response = try await client.execute(uri: "/rest/\(name)?\(ServerHarness.bob)&f=json", method: .get)
                let text = String(buffer: response.body)
                let refused = text.contains(#""code":50"#)
                if endpoint.access == .admin {
                    #expect(refused, "\(name): \(text)")
                    #expect(text.contains("is for administrators only"), "\(name)")
                } else {
                    #expect(!refused, "\(name) refused a user: \(text)")
                }
            }
        }
        #expect(await harness.state.scans.status.scanning == false, "the refused startScan started nothing")
    }
}
