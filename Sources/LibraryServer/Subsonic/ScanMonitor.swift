import LibraryCore
import LibraryServices
import Logging

/// Runs the scans clients start with startScan (a sync of every library, in the
/// background, one at a time) and reports getScanStatus's answer.
public actor ScanMonitor {
    /// getScanStatus's answer.
    public struct Status: Sendable, Equatable {
        /// Whether a scan started by a client is running.
        public var scanning: Bool
        /// Files handled so far by the running (or last) scan.
        public var count: Int
    }

    private var scanning = false
    private var finishedCount = 0
    private var currentCount = 0
    private var task: Task<Void, Never>?

    public init() {}

    /// The current status.
    public var status: Status {
        Status(scanning: scanning, count: finishedCount + currentCount)
    }

    /// Starts syncing every library unless a scan is already running; returns the status.
    @discardableResult
    public func start(services: ServiceContainer, logger: Logger) -> Status {
        guard !scanning else { return status }
        scanning = true
        finishedCount = 0
        currentCount = 0
        // Without the request's statement limits: a scan runs as long as it takes and
        // commits its batch at shutdown.
        task = Task { [weak self] in
            await StatementLimits.$current.withValue(nil) { await self?.run(services: services, logger: logger) }
        }
        return status
    }

    /// Cancels a running scan and waits for it: the batch being written is committed first.
    public func stop() async {
        task?.cancel()
        await task?.value
    }

    private func run(services: ServiceContainer, logger: Logger) async {
        defer { scanning = false }
        let libraries: [Library]
        do {
            libraries = try await services.library.libraries()
        } catch {
            logger.error("startScan: cannot list the libraries: \(error.localizedDescription)")
            return
        }
        for library in libraries where !Task.isCancelled {
            do {
                for try await event in services.scanner.scan(ScanRequest(path: library.root, mayAddLibrary: false)) {
                    if case .progress(let progress) = event { currentCount = progress.processed }
                    if case .finished(let summary) = event {
                        currentCount = summary.added + summary.updated + summary.unchanged + summary.moved + summary.failed
                        logger.info("startScan: \(library.name) synced: \(summary.added) added, \(summary.updated) updated, \(summary.missing) missing")
                    }
                }
            } catch {
                logger.error("startScan: \(library.name): \(error.localizedDescription)")
            }
            finishedCount += currentCount
            currentCount = 0
        }
    }
}
