import Foundation
import KanoraAPI
import LibraryClient
import LibraryCore
import LibraryServices
import Testing

@Suite("API keys over /api/v1: each user their own, an administrator anyone's")
struct UserKeyAPITests {
    /// The error a request fails with.
    private func failure(_ body: () async throws -> Void) async -> LibraryError? {
        await #expect(throws: LibraryError.self) { try await body() }
    }

    @Test func aUserListsCreatesAndRevokesOnlyTheirOwnKeys() async throws {
        let harness = try await RemoteHarness(scanning: nil)
        let aliceKeys = try await harness.server.users.apiKeys(forUser: "alice")
        let guestKeyID = try #require(try await harness.server.users.apiKeys(forUser: "guest").first?.id)
        try await harness.run(token: harness.guestToken) { _, url in
            let guest = APIClient(baseURL: url, token: harness.guestToken)
            #expect(try await guest.send(APIKeysRequest()).map(\.id) == [guestKeyID])

            let created = try await guest.send(CreateAPIKeyRequest(NewKeyBody(label: "phone")))
            #expect(created.info.label == "phone" && created.info.userID == harness.guest.id)
            let phone = APIClient(baseURL: url, token: created.key)
            #expect(try await phone.send(APIKeysRequest()).map(\.label) == [nil, "phone"])

            // Alice's key id is not the guest's to revoke: not found, and it keeps working.
            let other = await failure { _ = try await guest.send(RevokeAPIKeysRequest(RevokeKeysBody(id: aliceKeys[0].id))) }
            #expect(other?.code == .notFound)
            #expect(try await harness.server.users.authenticate(apiKey: harness.token)?.name == "alice")
            let both = await failure { _ = try await guest.send(RevokeAPIKeysRequest(RevokeKeysBody(id: created.info.id, all: true))) }
            #expect(both?.code == .invalidInput)
            let badLabel = await failure { _ = try await guest.send(CreateAPIKeyRequest(NewKeyBody(label: "a\nb"))) }
            #expect(badLabel?.code == .invalidInput)

            #expect(try await guest.send(RevokeAPIKeysRequest(RevokeKeysBody(id: created.info.id))) == APICount(count: 1))
            let revoked = await failure { _ = try await phone.send(APIKeysRequest()) }
            #expect(revoked?.code == .unauthorized)
            #expect(try await guest.send(RevokeAPIKeysRequest(RevokeKeysBody(all: true))) == APICount(count: 1))
            let gone = await failure { _ = try await guest.send(APIKeysRequest()) }
            #expect(gone?.code == .unauthorized)
        }
        #expect(try await harness.server.users.apiKeys(forUser: "alice").map(\.id) == aliceKeys.map(\.id))
    }

    @Test func anAdministratorListsUsersAndRevokesAnyonesKeys() async throws {
        let harness = try await RemoteHarness(scanning: nil)
        let second = try await harness.server.users.createAPIKey(forUser: "guest", label: "tablet")
        try await harness.run { _, url in
            let admin = APIClient(baseURL: url, token: harness.token)
            #expect(try await admin.send(UsersRequest()).map(\.name) == ["alice", "guest", "local"])
            let keys = try await admin.send(UserKeysRequest(NameQuery(name: "guest")))
            #expect(keys.map(\.label) == [nil, "tablet"])
            #expect(keys.allSatisfy { $0.userID == harness.guest.id })

            let body = RevokeUserKeysBody(name: "guest", id: second.info.id)
            #expect(try await admin.send(RevokeUserKeysRequest(body)) == APICount(count: 1))
            #expect(try await harness.server.users.authenticate(apiKey: second.key) == nil)
            #expect(try await harness.server.users.authenticate(apiKey: harness.guestToken)?.name == "guest")
            #expect(try await admin.send(RevokeUserKeysRequest(RevokeUserKeysBody(name: "guest", all: true))) == APICount(count: 1))
            #expect(try await harness.server.users.authenticate(apiKey: harness.guestToken) == nil)

            let unknown = await failure { _ = try await admin.send(UserKeysRequest(NameQuery(name: "nobody"))) }
            #expect(unknown?.code == .notFound)
        }
    }
}
