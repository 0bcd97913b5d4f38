import Hummingbird
import LibraryCore

/// The request context of every route of Kanora's server (Subsonic, `/api/v1/` and the web
/// app): Hummingbird's core storage plus the peer's address (for the login throttle) and,
/// under `/api/v1/`, the authenticated user.
public struct ServerRequestContext: RequestContext {
    /// Hummingbird's own storage (logger, route parameters).
    public var coreContext: CoreRequestContextStorage
    /// The peer's IP address; nil in router tests (no socket).
    public let remoteAddress: String?
    /// The user `/api/v1/` authenticated by API key or session (set by `APIAuthentication`).
    public var apiUser: User?
    /// The web session token the request was authenticated by (nil: an API key), so
    /// sign-out knows which session to end.
    var sessionToken: String?

    /// The context of a request that came over `source`'s channel.
    public init(source: ApplicationRequestContextSource) {
        coreContext = CoreRequestContextStorage(source: source)
        remoteAddress = source.channel.remoteAddress?.ipAddress
    }

    /// The largest body Hummingbird's own readers take: Subsonic's form bodies are small, and
    /// 1 MiB is far more than any needs. `/api/v1/` bodies have their own limits, per request
    /// type (`APIRequest.maximumBodySize`).
    public var maxUploadSize: Int { 1 << 20 }
}
