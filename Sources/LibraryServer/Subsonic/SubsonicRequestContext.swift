import Hummingbird
import LibraryCore

/// The request context of Kanora's server: Hummingbird's core storage plus the client's
/// address (for the login throttle) and, under `/api/v1/`, the authenticated user.
public struct SubsonicRequestContext: RequestContext {
    public var coreContext: CoreRequestContextStorage
    /// The peer's IP address; nil in router tests (no socket).
    public let remoteAddress: String?
    /// The user `/api/v1/` authenticated by API key or session (set by `APIAuthentication`).
    public var apiUser: User?
    /// The web session token the request was authenticated by (nil: an API key), so
    /// sign-out knows which session to end.
    var sessionToken: String?

    public init(source: ApplicationRequestContextSource) {
        coreContext = CoreRequestContextStorage(source: source)
        remoteAddress = source.channel.remoteAddress?.ipAddress
    }

    /// Form bodies are small: 1 MiB is far more than any Subsonic request needs.
    public var maxUploadSize: Int { 1 << 20 }
}
