import Hummingbird
import LibraryServices

/// What the server keeps between requests: its configuration, the login throttle and the
/// scans started with startScan.
public final class SubsonicServerState: Sendable {
    public let configuration: ServerConfiguration
    public let throttle: LoginThrottle
    public let scans: ScanMonitor
    /// What each user is playing now (getNowPlaying).
    public let nowPlaying = NowPlaying()
    /// The scan started over `/api/v1/scans`, one at a time.
    public let apiScan = ScanSlot()
    /// Who a request comes from (the peer, or what a trusted proxy forwarded for).
    public let clients: ClientAddressResolver

    public init(configuration: ServerConfiguration, throttle: LoginThrottle = LoginThrottle(), scans: ScanMonitor? = nil) {
        self.configuration = configuration
        self.throttle = throttle
        self.clients = ClientAddressResolver(trustedProxies: configuration.trustedProxies)
        self.scans = scans ?? ScanMonitor()
    }

    /// The client's address, for the throttle and the log.
    func clientAddress(_ request: Request, context: SubsonicRequestContext) -> String {
        clients.client(peer: context.remoteAddress, headers: request.headers)
    }
}
