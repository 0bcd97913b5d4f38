import Foundation
import KanoraAPI
import LibraryCore
import LibraryServices

/// The API's accounts and keys: every user lists, creates and revokes their own keys (the
/// requests name no user: the caller is the one the key belongs to); an administrator
/// lists the users and lists or revokes anyone's keys. Roles are declared on the request
/// types and enforced by `APIRouteGroup`.
enum UserRoutes {
    static func register(_ api: APIRouteGroup) {
        api.register(APIKeysRequest.self) { _, caller in try await caller.services.users.apiKeys(forUser: caller.user.name) }
        api.register(CreateAPIKeyRequest.self) { request, caller in
            try await caller.services.users.createAPIKey(forUser: caller.user.name, label: request.body.label)
        }
        api.register(RevokeAPIKeysRequest.self) { request, caller in
            try await revoke(id: request.body.id, all: request.body.all, of: caller.user.name, users: caller.services.users)
        }
        api.register(UsersRequest.self) { _, caller in try await caller.services.users.users() }
        api.register(UserKeysRequest.self) { request, caller in try await caller.services.users.apiKeys(forUser: request.query.name) }
        api.register(RevokeUserKeysRequest.self) { request, caller in
            try await revoke(id: request.body.id, all: request.body.all, of: request.body.name, users: caller.services.users)
        }
    }

    /// Revokes the key `id` or `all` keys of the user named `name`: exactly one of the two.
    static func revoke(id: Int64?, all: Bool?, of name: String, users: any UserService) async throws -> APICount {
        switch (id, all ?? false) {
        case (let id?, false):
            _ = try await users.revokeAPIKey(id: id, forUser: name)
            return APICount(count: 1)
        case (nil, true):
            return APICount(count: try await users.revokeAPIKeys(forUser: name))
        default:
            throw LibraryError(.invalidInput, "Revoke one key (`id`) or every key (`\"all\": true`), not both or neither.")
        }
    }
}
