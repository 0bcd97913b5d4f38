import Hummingbird
import LibraryCore
import LibraryServices
import Logging

/// One Subsonic method (`/rest/NAME` and `/rest/NAME.view`, GET or POST) and its handler.
public struct SubsonicEndpoint: Sendable {
    /// Who may call an endpoint.
    public enum Access: Sendable {
        /// Any authenticated user (nearly every endpoint).
        case user
        /// Administrators only: others get error 50.
        case admin
        /// No credentials needed (getOpenSubsonicExtensions only).
        case anyone
    }

    /// The method name, as in `/rest/ping`.
    public let name: String
    public let access: Access
    public let handler: @Sendable (SubsonicRequest) async throws -> SubsonicReply

    public init(
        _ name: String, access: Access = .user,
        handler: @escaping @Sendable (SubsonicRequest) async throws -> SubsonicReply
    ) {
        self.name = name
        self.access = access
        self.handler = handler
    }
}

/// What a handler answers.
public enum SubsonicReply: Sendable {
    /// `status="ok"` with nothing else (ping, star, scrobble...).
    case ok
    /// `status="ok"` with one payload object (`musicFolders`, `album`...).
    case payload(SubsonicNode)
    /// `status="ok"` with a list directly in the response, as getOpenSubsonicExtensions
    /// answers (`"openSubsonicExtensions": [...]`); the items are renamed to `name`.
    case list(_ name: String, _ items: [SubsonicNode])
    /// A raw HTTP response (stream, download, cover art): sent as is.
    case raw(Response)
}

/// Everything a handler gets: its parameters, the authenticated user, the services.
public struct SubsonicRequest: Sendable {
    /// The endpoint's name (without `.view`).
    public let endpoint: String
    /// Query and form parameters merged.
    public let parameters: SubsonicParameters
    /// The authenticated user; for `.anyone` endpoints an anonymous user with id 0.
    public let user: User
    /// The services the CLI uses too; handlers never touch SQL or files directly.
    public let services: ServiceContainer
    /// The server's own state (configuration, scan status).
    public let server: ServerState
    /// The HTTP request, for headers such as Range or If-Modified-Since.
    public let http: Request
    /// The format the answer is rendered in.
    public let format: SubsonicFormat
    /// The request's logger (never log a credential parameter).
    public let logger: Logger

    public init(
        endpoint: String, parameters: SubsonicParameters, user: User, services: ServiceContainer,
        server: ServerState, http: Request, format: SubsonicFormat, logger: Logger
    ) {
        self.endpoint = endpoint
        self.parameters = parameters
        self.user = user
        self.services = services
        self.server = server
        self.http = http
        self.format = format
        self.logger = logger
    }
}

extension User {
    /// The user of requests that need no credentials.
    static let anonymous = User(id: 0, name: "", isAdmin: false, hasPassword: false, createdAt: .distantPast)
}
