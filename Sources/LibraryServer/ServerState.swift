import Hummingbird
import LibraryCore
import LibraryServices

/// What the server keeps between requests, shared by Subsonic, `/api/v1/` and the web app:
/// its configuration, the login throttle, who plays what, the scans started with Subsonic's
/// startScan or `/api/v1/scans`, ffmpeg, and the switch that stops its requests' SQL.
public final class ServerState: Sendable {
    /// How the server was started (address, limits, versions, ffmpeg).
    public let configuration: ServerConfiguration
    /// Failed logins by address and by account, for every way in (Subsonic, API keys, web sign-in).
    public let throttle: LoginThrottle
    /// The scans started with Subsonic's startScan (getScanStatus reports them).
    public let scans: ScanMonitor
    /// What each user is playing now (getNowPlaying).
    public let nowPlaying = NowPlaying()
    /// The scan started over `/api/v1/scans`, one at a time.
    public let apiScan = ScanSlot()
    /// Who a request comes from (the peer, or what a trusted proxy forwarded for).
    public let clients: ClientAddressResolver
    /// Interrupts the SQL of every request when triggered: `serve` does when it starts
    /// shutting down.
    public let statementInterrupter = StatementInterrupter()
    /// ffmpeg for `stream`: its slots, its children and the transcode cache.
    public let transcoder: Transcoder

    /// The limits every request's SQL runs under (`StatementLimitsMiddleware`).
    public var statementLimits: StatementLimits {
        StatementLimits(timeout: configuration.statementTimeout, interrupter: statementInterrupter)
    }

    /// The state of a server started with `configuration` (tests pass their own throttle or scans).
    public init(configuration: ServerConfiguration, throttle: LoginThrottle = LoginThrottle(), scans: ScanMonitor? = nil) {
        self.configuration = configuration
        self.throttle = throttle
        self.clients = ClientAddressResolver(trustedProxies: configuration.trustedProxies)
        self.scans = scans ?? ScanMonitor()
        self.transcoder = Transcoder(configuration: configuration)
    }

    /// The client's address, for the throttle and the log.
    func clientAddress(_ request: Request, context: ServerRequestContext) -> String {
        clients.client(peer: context.remoteAddress, headers: request.headers)
    }

    /// Whether a session cookie set in answer to `request` must be `Secure`.
    func secureCookies(_ request: Request, context: ServerRequestContext) -> Bool {
        configuration.secureCookies || clients.cameOverTLS(peer: context.remoteAddress, headers: request.headers)
    }
}
