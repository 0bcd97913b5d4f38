import Foundation
import Synchronization

/// Broadcasts `LibraryEvent`s: every subscriber gets its own stream and sees every event
/// that matters.
///
/// Each subscriber has its own queue. Library, track and playlist changes are never dropped
/// (an identical change still waiting to be read is not queued twice, which keeps the queue
/// as small as the number of distinct changes); scan progress, which can come thousands of
/// times a second, is coalesced to the latest value, so it cannot push anything else out.
public final class ChangeFeed: Sendable {
    private let subscribers = Mutex<[UUID: FeedSubscription]>([:])

    public init() {}

    /// A fresh stream of the events published from now on (an AsyncStream has one consumer,
    /// so each subscriber needs its own). Dropping the stream or cancelling the task that
    /// reads it ends the subscription.
    public func events() -> AsyncStream<LibraryEvent> {
        let id = UUID()
        let subscription = FeedSubscription()
        subscribers.withLock { $0[id] = subscription }
        // Released with the stream (and its iterator): the feed forgets the subscriber.
        let lease = Lease { [weak self] in
            _ = self?.subscribers.withLock { $0.removeValue(forKey: id) }
            subscription.finish()
        }
        return AsyncStream(unfolding: { [lease] in
            // Holding the lease here ties the subscription's life to the stream's.
            _ = lease
            return await subscription.next()
        }, onCancel: { subscription.finish() })
    }

    /// Sends `event` to every current subscriber.
    public func publish(_ event: LibraryEvent) {
        let current = subscribers.withLock { Array($0.values) }
        for subscription in current { subscription.deliver(event) }
    }

    /// How many subscribers are listening (for tests and diagnostics).
    public var subscriberCount: Int { subscribers.withLock { $0.count } }
}

/// Runs `action` once, when released.
private final class Lease: Sendable {
    private let action: @Sendable () -> Void
    init(_ action: @escaping @Sendable () -> Void) { self.action = action }
    deinit { action() }
}
