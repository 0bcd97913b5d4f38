import Foundation
import Hummingbird
import KanoraAPI
import LibraryCore
import LibraryServices

/// The web app's sign-in: `POST /api/v1/session` (anyone; throttled like every login),
/// `GET` and `DELETE /api/v1/session` and `PUT /api/v1/me/language` (signed in).
///
/// A password travels only in the sign-in's JSON body. The session token travels only in
/// its cookie (HttpOnly: no script can read it) and is stored hashed.
enum SessionRoutes {
    /// Adds the routes: sign-in in the open group (no authentication before it), the others
    /// in the authenticated group. Errors are thrown, for `APIErrorMiddleware` to answer.
    static func register(_ api: APIRouteGroup, state: ServerState) {
        let services = api.services
        api.open.on(RouterPath(SignInRequest.endpoint), method: .post) { request, context in
            try await signIn(request, context: context, users: services.users, state: state)
        }
        api.register(SessionRequest.self) { _, caller in SessionAnswer(user: SessionUser(caller.user)) }
        api.register(SetLanguageRequest.self) { request, caller in
            _ = try await caller.services.users.setLanguage(request.body.language, forUser: caller.user.id)
            return APIEmpty()
        }
        api.group.on(RouterPath(SignOutRequest.endpoint), method: .delete) { request, context in
            _ = try APIRouteGroup.authorize(SignOutRequest.self, context: context)
            if let token = context.sessionToken { try await services.users.endSession(token: token) }
            var response = try await APIResponse.json(APIEmpty())
            response.headers[.setCookie] = SessionCookie.clear(secure: state.secureCookies(request, context: context))
            return response
        }
    }

    /// Checks the password (after the throttle) and answers with the session cookie.
    static func signIn(_ request: Request, context: ServerRequestContext, users: any UserService, state: ServerState) async throws -> Response {
        let throttle = state.throttle
        let client = state.clientAddress(request, context: context)
        if let seconds = throttle.lockedSeconds(for: client) {
            throw LibraryError(.unauthorized, "Too many failed logins from this address: wait \(seconds) seconds and try again.")
        }
        let body = try await APIRouteGroup.body(SignInRequest.self, of: request)
        if let seconds = throttle.lockedSeconds(forAccount: body.user, from: client) {
            throw LibraryError(.unauthorized, "Too many failed logins to this account: wait \(seconds) seconds and try again.")
        }
        guard let user = try await inUserService(context, { try await users.authenticate(name: body.user, password: body.password) }) else {
            throttle.recordFailure(for: client, account: body.user)
            LoginLog.failure("web sign-in", account: body.user, client: client, logger: context.logger)
            throw LibraryError(.unauthorized, "The user name or the password is wrong.")
        }
        throttle.recordSuccess(for: client, account: user.name)
        let lifetime = TimeInterval(state.configuration.sessionLifetime.components.seconds)
        let session = try await inUserService(context) { try await users.startSession(forUser: user.id, lifetime: lifetime) }
        var response = try await APIResponse.json(SessionAnswer(user: SessionUser(session.user)))
        response.headers[.setCookie] = SessionCookie.set(
            session.token, expires: session.expires, secure: state.secureCookies(request, context: context))
        response.headers[.cacheControl] = "no-store"
        return response
    }

    /// `work`'s value; its failure is logged (the user service failed, not the password) and rethrown.
    private static func inUserService<T>(_ context: ServerRequestContext, _ work: () async throws -> T) async throws -> T {
        do {
            return try await work()
        } catch {
            context.logger.error("Sign-in failed in the user service: \(error.localizedDescription)")
            throw error
        }
    }
}
