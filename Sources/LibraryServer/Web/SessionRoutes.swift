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
    /// Adds the routes: sign-in on `router` itself (outside the authentication), the others
    /// in the authenticated group.
    static func register(on router: Router<ServerRequestContext>, api: APIRouteGroup, state: ServerState) {
        let services = api.services
        router.on(RouterPath(SignInRequest.path), method: .post) { request, context in
            await signIn(request, context: context, users: services.users, state: state)
        }
        api.register(SessionRequest.self) { _, caller in SessionAnswer(user: SessionUser(caller.user)) }
        api.register(SetLanguageRequest.self) { request, caller in
            _ = try await caller.services.users.setLanguage(request.body.language, forUser: caller.user.id)
            return APIEmpty()
        }
        api.group.on(RouterPath(SignOutRequest.endpoint), method: .delete) { request, context in
            do throws(LibraryError) {
                _ = try APIRouteGroup.authorize(SignOutRequest.self, context: context)
            } catch {
                return APIResponse.error(error)
            }
            if let token = context.sessionToken {
                do {
                    try await services.users.endSession(token: token)
                } catch {
                    return APIResponse.error(APIResponse.libraryError(for: error))
                }
            }
            var response = try await APIResponse.json(APIEmpty())
            response.headers[.setCookie] = SessionCookie.clear(secure: state.secureCookies(request, context: context))
            return response
        }
    }

    /// Checks the password (after the throttle) and answers with the session cookie.
    static func signIn(_ request: Request, context: ServerRequestContext, users: any UserService, state: ServerState) async -> Response {
        let throttle = state.throttle
        let client = state.clientAddress(request, context: context)
        if let seconds = throttle.lockedSeconds(for: client) {
            return APIResponse.error(LibraryError(.unauthorized, "Too many failed logins from this address: wait \(seconds) seconds and try again."))
        }
        let body: SignInBody
        do {
            body = try await APIRouteGroup.body(SignInRequest.self, of: request)
        } catch let error as BodyTooLarge {
            return error.response
        } catch {
            return APIResponse.error(APIResponse.libraryError(for: error))
        }
        if let seconds = throttle.lockedSeconds(forAccount: body.user, from: client) {
            return APIResponse.error(LibraryError(.unauthorized, "Too many failed logins to this account: wait \(seconds) seconds and try again."))
        }
        do {
            guard let user = try await users.authenticate(name: body.user, password: body.password) else {
                throttle.recordFailure(for: client, account: body.user)
                LoginLog.failure("web sign-in", account: body.user, client: client, logger: context.logger)
                return APIResponse.error(LibraryError(.unauthorized, "The user name or the password is wrong."))
            }
            throttle.recordSuccess(for: client, account: user.name)
            let lifetime = TimeInterval(state.configuration.sessionLifetime.components.seconds)
            let session = try await users.startSession(forUser: user.id, lifetime: lifetime)
            var response = try await APIResponse.json(SessionAnswer(user: SessionUser(session.user)))
            response.headers[.setCookie] = SessionCookie.set(
                session.token, expires: session.expires, secure: state.secureCookies(request, context: context))
            response.headers[.cacheControl] = "no-store"
            return response
        } catch {
            context.logger.error("Sign-in failed in the user service: \(error.localizedDescription)")
            return APIResponse.error(APIResponse.libraryError(for: error))
        }
    }
}
