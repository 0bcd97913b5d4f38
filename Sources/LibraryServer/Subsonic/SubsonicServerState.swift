import LibraryServices

/// What the server keeps between requests: its configuration, the login throttle and the
/// scans started with startScan.
public final class SubsonicServerState: Sendable {
    public let configuration: ServerConfiguration
    public let throttle: LoginThrottle
    public let scans: ScanMonitor

    public init(configuration: ServerConfiguration, throttle: LoginThrottle = LoginThrottle(), scans: ScanMonitor? = nil) {
        self.configuration = configuration
        self.throttle = throttle
        self.scans = scans ?? ScanMonitor()
    }
}
