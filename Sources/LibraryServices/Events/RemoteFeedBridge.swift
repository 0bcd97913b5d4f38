import LibraryStorage
import Synchronization

/// Feeds a local `ChangeFeed` from a server's event stream, so view models observing the
/// feed update when the server's library changes.
///
/// It knows no HTTP: `connect` opens the stream (sending `Last-Event-ID` when given one) and
/// returns its bytes. A dropped or refused connection is retried after a bounded backoff;
/// after every reconnection the bridge publishes a full reload (`librariesChanged`,
/// `tracksChanged(nil)`, `playlistsChanged(nil)`), since events may have been missed while
/// it was away. Events this version does not know are skipped. An error retrying cannot fix
/// (a revoked key, an incompatible server: `isFatal` says which) stops it, kept in `failure`.
public final class RemoteFeedBridge: FeedUpstream {
    /// Opens the event stream; `lastEventID` is the last id received, nil on the first connect.
    public typealias Connect = @Sendable (_ lastEventID: String?) async throws -> AsyncThrowingStream<[UInt8], any Error>

    private struct State {
        var task: Task<Void, Never>?
        var connections = 0
        var failures = 0
        var failure: LibraryError?
    }

    private let feed: ChangeFeed
    private let backoff: ReconnectBackoff
    private let connect: Connect
    private let isFatal: @Sendable (any Error) -> Bool
    private let state = Mutex(State())

    /// A bridge into `feed`; nothing happens until `start()`. By default every error is
    /// retried; `isFatal` picks those that stop the bridge instead.
    public init(
        feed: ChangeFeed, backoff: ReconnectBackoff = ReconnectBackoff(),
        isFatal: @escaping @Sendable (any Error) -> Bool = { _ in false }, connect: @escaping Connect
    ) {
        self.feed = feed
        self.backoff = backoff
        self.isFatal = isFatal
        self.connect = connect
    }

    deinit {
        state.withLock { $0.task?.cancel() }
    }

    /// Connects and keeps connecting until `stop()`; calling it again while running does nothing.
    public func start() {
        state.withLock { state in
            guard state.task == nil else { return }
            state.task = Task { [weak self] in await self?.run() }
        }
    }

    /// Closes the stream and stops reconnecting; returns once the bridge has stopped.
    public func stop() async {
        await halted()?.value
    }

    /// Returns once the bridge is not running: never started, stopped, halted, or given up on
    /// an error `isFatal` picked (then `failure` says which). Unlike `stop()` it stops
    /// nothing, so a test can tell that a bridge that gave up tries no more.
    public func ended() async {
        await state.withLock { $0.task }?.value
    }

    /// Closes the stream and stops reconnecting, without waiting for it; `start()` opens it again.
    public func halt() {
        _ = halted()
    }

    /// Cancels the running task and forgets it; returns it, to wait for.
    private func halted() -> Task<Void, Never>? {
        let task = state.withLock { state -> Task<Void, Never>? in
            defer { state.task = nil }
            return state.task
        }
        task?.cancel()
        return task
    }

    /// How many times the stream was opened (the first connection and every reconnection).
    public var connectionCount: Int { state.withLock { $0.connections } }

    /// The error that stopped the bridge, if `isFatal` said one should.
    public var failure: LibraryError? { state.withLock { $0.failure } }

    /// Connection attempts that failed or dropped since data last arrived.
    public var consecutiveFailures: Int { state.withLock { $0.failures } }

    private func run() async {
        var lastEventID: String?
        while !Task.isCancelled {
            do {
                let stream = try await connect(lastEventID)
                let isReconnection = state.withLock { state -> Bool in
                    state.connections += 1
                    return state.connections > 1
                }
                if isReconnection { publishFullReload() }
                var parser = SSEParser()
                for try await chunk in stream {
                    state.withLock { $0.failures = 0 }
                    for message in parser.feed(chunk) {
                        if let event = LibraryEvent(message) { feed.publish(event) }
                    }
                    lastEventID = parser.lastEventID ?? lastEventID
                }
            } catch where isFatal(error) {
                state.withLock { $0.failure = .wrap(error) }
                return
            } catch {
                // Refused, dropped or timed out: retried below like a stream that ended.
            }
            if Task.isCancelled { return }
            let failures = state.withLock { state -> Int in
                state.failures += 1
                return state.failures
            }
            try? await Task.sleep(for: backoff.delay(afterFailures: failures))
        }
    }

    private func publishFullReload() {
        feed.publish(.librariesChanged)
        feed.publish(.tracksChanged(libraryID: nil))
        feed.publish(.playlistsChanged(playlistID: nil))
    }
}

/// How long to wait before reconnecting: doubling from `initial` after each failure in a row,
/// never more than `maximum`.
public struct ReconnectBackoff: Sendable, Equatable {
    public var initial: Duration
    public var maximum: Duration

    public init(initial: Duration = .milliseconds(250), maximum: Duration = .seconds(10)) {
        self.initial = initial
        self.maximum = max(initial, maximum)
    }

    /// The wait after `failures` failures in a row (1: the first).
    public func delay(afterFailures failures: Int) -> Duration {
        var delay = initial
        for _ in 1..<max(1, min(failures, 32)) where delay < maximum { delay *= 2 }
        return min(delay, maximum)
    }
}
