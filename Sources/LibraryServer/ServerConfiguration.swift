/// Where and how `kanora serve` listens.
public struct ServerConfiguration: Sendable, Equatable {
    /// The default port (Navidrome uses 4533, gonic 4747; 4544 is Kanora's).
    public static let defaultPort = 4544

    /// The address to bind: loopback unless told otherwise (`0.0.0.0` for the home network).
    public var host: String
    /// The TCP port; 0 asks the system for a free one (tests).
    public var port: Int
    /// Keep the libraries in sync while serving (the watch service).
    public var watch: Bool
    /// Log one line per request.
    public var verbose: Bool
    /// The app's version, sent as `serverVersion` in every Subsonic response.
    public var serverVersion: String
    /// How often an open event stream (`/api/v1/events`) gets a heartbeat comment, and the
    /// longest a streamed scan stays silent before an empty line: also how soon the server
    /// notices a client that left and lets go of its subscription.
    public var eventHeartbeat: Duration
    /// The reverse proxies whose `X-Forwarded-For`/`Forwarded` headers are believed
    /// (`--trusted-proxy`); none by default, so the peer's own address is the client's.
    public var trustedProxies: [AddressRange]
    /// How long a connection may stay silent before it is closed: an idle keep-alive
    /// connection, or a client that stops sending its request half-way (a response being
    /// sent, a stream or a download, is never cut by it).
    public var idleTimeout: Duration
    /// How many connections are served at once; further clients wait in the listen backlog
    /// until one closes.
    public var maximumConnections: Int
    /// How long a web sign-in lasts before the user signs in again (30 days).
    public var sessionLifetime: Duration = .seconds(30 * 24 * 3600)
    /// Mark the session cookie `Secure` on every answer (`--secure-cookies`): for a TLS proxy
    /// that does not send `X-Forwarded-Proto` (one that does, when trusted, is believed).
    public var secureCookies = false
    /// How long one database call made for a request may run before it is interrupted and
    /// the request answers that the query took too long (`--query-timeout`); nil: no limit.
    public var statementTimeout: Duration?

    public init(
        host: String = "127.0.0.1", port: Int = ServerConfiguration.defaultPort, watch: Bool = true,
        verbose: Bool = false, serverVersion: String = "dev", eventHeartbeat: Duration = .seconds(15),
        trustedProxies: [AddressRange] = [], idleTimeout: Duration = .seconds(60), maximumConnections: Int = 256,
        statementTimeout: Duration? = .seconds(10)
    ) {
        self.statementTimeout = statementTimeout
        self.idleTimeout = idleTimeout
        self.maximumConnections = maximumConnections
        self.trustedProxies = trustedProxies
        self.eventHeartbeat = eventHeartbeat
        self.host = host
        self.port = port
        self.watch = watch
        self.verbose = verbose
        self.serverVersion = serverVersion
    }
}
