import Hummingbird
import KanoraAPI
import LibraryCore
import LibraryServices

/// Admits `/api/v1/` requests carrying `Authorization: Bearer KEY` with a valid API key
/// (from `kanora user key`) or the web app's session cookie (`POST /api/v1/session`),
/// setting `context.apiUser`; anything else is refused with 401 (thrown: `APIErrorMiddleware`
/// answers it in the envelope). A request
/// that changes something on the strength of the cookie alone must also carry
/// `X-Kanora-Request` (see `SessionCookie.header`), or it is refused with 403.
/// Failed keys count in the login throttle, by the same client address, so guessing keys
/// is as slow as guessing passwords. No secret is ever logged.
struct APIAuthentication: RouterMiddleware {
    typealias Context = ServerRequestContext
    let users: any UserService
    let state: ServerState
    var throttle: LoginThrottle { state.throttle }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let client = state.clientAddress(request, context: context)
        if let seconds = throttle.lockedSeconds(for: client) {
            throw LibraryError(.unauthorized, "Too many failed logins from this address: wait \(seconds) seconds and try again.")
        }
        let credential: Credential
        if let key = Self.bearerKey(request) {
            credential = .key(key)
        } else if let token = SessionCookie.token(in: request.headers) {
            guard Self.isSafe(request.method) || request.headers[SessionCookie.header] != nil else {
                throw LibraryError(
                    .forbidden, "This request changes something and came with a session cookie alone: send it from the Kanora web app.")
            }
            credential = .session(token)
        } else {
            throw LibraryError(.unauthorized, "This request needs an API key (`Authorization: Bearer KEY`, from `kanora user key NAME`) or a web sign-in.")
        }
        let user: User?
        do {
            switch credential {
            case .key(let key): user = try await users.authenticate(apiKey: key)
            case .session(let token): user = try await users.authenticate(sessionToken: token)
            }
        } catch let error as LibraryError where error.code == .notFound {
            user = nil
        } catch {
            context.logger.error("Authentication failed in the user service: \(error.localizedDescription)")
            throw LibraryError(.database, "The server could not check the credentials.")
        }
        guard let user else {
            switch credential {
            case .key:
                throttle.recordFailure(for: client)
                LoginLog.failure("API key", account: nil, client: client, logger: context.logger)
                throw LibraryError(.unauthorized, "The API key is not valid: create one with `kanora user key NAME` on the server.")
            case .session:
                // An expired or ended session is the browser's leftover, not a guess (a
                // token has 256 random bits): neither counted nor logged as a failed login,
                // so a page's few requests after expiry never lock its user out.
                var expired = APIError(LibraryError(.unauthorized, "The sign-in has expired or ended: sign in again."))
                expired.headers[.setCookie] = SessionCookie.clear(secure: state.secureCookies(request, context: context))
                throw expired
            }
        }
        throttle.recordSuccess(for: client, account: user.name)
        var context = context
        context.apiUser = user
        context.sessionToken = credential.sessionToken
        return try await next(request, context)
    }

    private enum Credential {
        case key(String), session(String)

        var sessionToken: String? {
            if case .session(let token) = self { return token }
            return nil
        }
    }

    /// Methods that only read (a cookie may authorize them alone).
    static func isSafe(_ method: HTTPRequest.Method) -> Bool {
        method == .get || method == .head
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
