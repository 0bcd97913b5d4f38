import Hummingbird
import KanoraAPI
import LibraryCore
import LibraryServices

/// Admits `/api/v1/` requests carrying `Authorization: Bearer KEY` with a valid API key
/// (from `kanora user key`), setting `context.apiUser`; anything else gets 401 with the
/// error envelope. Failures count in the Subsonic login throttle, by the same client
/// address, so guessing keys is as slow on either API. The key is never logged.
struct APIAuthentication: RouterMiddleware {
    typealias Context = SubsonicRequestContext
    let users: any UserService
    let state: SubsonicServerState
    var throttle: LoginThrottle { state.throttle }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let client = state.clientAddress(request, context: context)
        if let seconds = throttle.lockedSeconds(for: client) {
            return APIResponse.error(LibraryError(.unauthorized, "Too many failed logins from this address: wait \(seconds) seconds and try again."))
        }
        guard let key = Self.bearerKey(request) else {
            return APIResponse.error(LibraryError(.unauthorized, "This request needs an API key: send `Authorization: Bearer KEY` with a key from `kanora user key NAME`."))
        }
        let user: User?
        do {
            user = try await users.authenticate(apiKey: key)
        } catch let error as LibraryError where error.code == .notFound {
            user = nil
        } catch {
            context.logger.error("Authentication failed in the user service: \(error.localizedDescription)")
            return APIResponse.error(LibraryError(.database, "The server could not check the API key."))
        }
        guard let user else {
            throttle.recordFailure(for: client)
            LoginLog.failure("API key", account: nil, client: client, logger: context.logger)
            return APIResponse.error(LibraryError(.unauthorized, "The API key is not valid: create one with `kanora user key NAME` on the server."))
        }
        throttle.recordSuccess(for: client, account: user.name)
        var context = context
        context.apiUser = user
        return try await next(request, context)
    }

    /// The key of an `Authorization: Bearer KEY` header.
    static func bearerKey(_ request: Request) -> String? {
        guard let value = request.headers[.authorization] else { return nil }
        let parts = value.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else { return nil }
        let key = parts[1].trimmingCharacters(in: .whitespaces)
        return key.isEmpty ? nil : key
    }
}
