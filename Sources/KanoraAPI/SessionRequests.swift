import Foundation
import LibraryCore

/// A sign-in: a user name and password, sent in a JSON body (never in a URL).
public struct SignInBody: Codable, Sendable, Equatable {
    public var user: String
    public var password: String
    public init(user: String, password: String) { self.user = user; self.password = password }
}

/// Who is signed in, as the web app needs it.
public struct SessionUser: Codable, Sendable, Equatable {
    public var name: String
    public var isAdmin: Bool
    /// The user's chosen language; nil follows the browser.
    public var language: String?

    public init(_ user: User) {
        name = user.name
        isAdmin = user.isAdmin
        language = user.language
    }
}

/// The answer of a sign-in or of asking who is signed in.
public struct SessionAnswer: Codable, Sendable, Equatable {
    public var user: SessionUser
    public init(user: SessionUser) { self.user = user }
}

/// `POST session`: signs in with a password and answers with the session cookie
/// (`Set-Cookie`, HttpOnly, SameSite=Strict). The only request anyone may send: it goes
/// through the same login throttle as every other login.
public struct SignInRequest: APIRequest {
    public typealias Response = SessionAnswer
    public static let method = APIMethod.post, endpoint = "session"
    public static let access = APIAccess.anyone
    public let query: APIEmpty, body: SignInBody
    public init(query: APIEmpty, body: SignInBody) { self.query = query; self.body = body }
}

/// `GET session`: who the session (or the API key) belongs to.
public struct SessionRequest: APIRequest {
    public typealias Response = SessionAnswer
    public static let method = APIMethod.get, endpoint = "session"
    public static let access = APIAccess.user
    public let query: APIEmpty, body: APIEmpty
    public init(query: APIEmpty, body: APIEmpty) { self.query = query; self.body = body }
}

/// `DELETE session`: signs out; the session is forgotten and the cookie cleared.
public struct SignOutRequest: APIRequest {
    public typealias Response = APIEmpty
    public static let method = APIMethod.delete, endpoint = "session"
    public static let access = APIAccess.user
    public let query: APIEmpty, body: APIEmpty
    public init(query: APIEmpty, body: APIEmpty) { self.query = query; self.body = body }
}

/// The language the web app should speak to the caller (`null`: follow the browser).
public struct LanguageBody: Codable, Sendable, Equatable {
    public var language: String?
    public init(language: String?) { self.language = language }
}

/// `PUT me/language`: sets the caller's language.
public struct SetLanguageRequest: APIRequest {
    public typealias Response = APIEmpty
    public static let method = APIMethod.put, endpoint = "me/language"
    public static let access = APIAccess.user
    public let query: APIEmpty, body: LanguageBody
    public init(query: APIEmpty, body: LanguageBody) { self.query = query; self.body = body }
}
