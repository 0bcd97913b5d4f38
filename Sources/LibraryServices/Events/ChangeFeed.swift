import Foundation
import LibraryCore
import LibraryStorage
import Synchronization

/// Broadcasts `LibraryEvent`s: every subscriber gets its own stream and sees every event
/// that matters.
///
/// Library, track and playlist changes come from the database itself (`follow(_:)`): each
/// committed write transaction is published as the events of what it changed, so no write
/// path can forget one, and a write rolled back publishes nothing.
///
/// Each subscriber has its own queue. Library, track and playlist changes are never dropped
/// (an identical change still waiting to be read is not queued twice, which keeps the queue
/// as small as the number of distinct changes); scan progress, which can come thousands of
/// times a second, is coalesced to the latest value, so it cannot push anything else out. A
/// subscriber with more than 1,024 distinct changes waiting has stopped reading: it is
/// dropped, and its stream ends.
public final class ChangeFeed: Sendable {
    private let subscribers = Mutex<Subscribers>(Subscribers())
    /// The databases whose commits this feed publishes (held weakly: the services own them).
    private let followed = Mutex<[WeakDatabase]>([])

    private struct Subscribers {
        var byID: [UUID: FeedSubscription] = [:]
        /// Not retained: whoever made the upstream owns it (a remote container).
        weak var upstream: (any FeedUpstream)?
    }

    public init() {}

    /// Lets `upstream` fill this feed while anyone listens: it is started when the first
    /// subscriber arrives (now, if one is listening) and halted when the last one leaves, so
    /// a remote container opens the server's event stream only for those who follow it.
    public func attach(_ upstream: some FeedUpstream) {
        subscribers.withLock { state in
            state.upstream = upstream
            if !state.byID.isEmpty { upstream.start() }
        }
    }

    /// A fresh stream of the events published from now on (an AsyncStream has one consumer,
    /// so each subscriber needs its own). Dropping the stream or cancelling the task that
    /// reads it ends the subscription.
    public func events() -> AsyncStream<LibraryEvent> {
        let id = UUID()
        let subscription = FeedSubscription()
        subscribers.withLock { state in
            state.byID[id] = subscription
            if state.byID.count == 1 { state.upstream?.start() }
        }
        // Released with the stream (and its iterator): the feed forgets the subscriber.
        let lease = Lease { [weak self] in
            self?.subscribers.withLock { state in
                guard state.byID.removeValue(forKey: id) != nil, state.byID.isEmpty else { return }
                state.upstream?.halt()
            }
            subscription.finish()
        }
        return AsyncStream(unfolding: { [lease] in
            // Holding the lease here ties the subscription's life to the stream's.
            _ = lease
            return await subscription.next()
        }, onCancel: { subscription.finish() })
    }

    /// Sends `event` to every current subscriber; one that stopped reading (too many events
    /// waiting) is dropped.
    public func publish(_ event: LibraryEvent) {
        let current = subscribers.withLock { $0.byID }
        for (id, subscription) in current where !subscription.deliver(event) {
            subscribers.withLock { state in
                guard state.byID.removeValue(forKey: id) != nil, state.byID.isEmpty else { return }
                state.upstream?.halt()
            }
        }
    }

    /// Publishes the events of every transaction `database` commits from now on (see
    /// `LibraryEvent.events(for:)`); following a database again changes nothing, so every
    /// service built over it may ask.
    package func follow(_ database: DatabaseQueue) {
        let isNew = followed.withLock { followed in
            followed.removeAll { $0.database == nil }
            guard !followed.contains(where: { $0.database === database }) else { return false }
            followed.append(WeakDatabase(database: database))
            return true
        }
        guard isNew else { return }
        database.observeCommits { [weak self] changes in self?.publish(changes) }
    }

    /// Publishes the events of committed `changes`, in `LibraryEvent.events(for:)`'s order.
    package func publish(_ changes: CommittedChanges) {
        for event in LibraryEvent.events(for: changes) { publish(event) }
    }

    /// How many subscribers are listening (for tests and diagnostics).
    public var subscriberCount: Int { subscribers.withLock { $0.byID.count } }

    /// What `attach(_:)` attached, while it lives (a remote container's bridge): for tests
    /// and diagnostics.
    public var upstream: (any FeedUpstream)? { subscribers.withLock { $0.upstream } }
}

/// Something that publishes into a `ChangeFeed` from elsewhere (a server's event stream)
/// while the feed has subscribers. Both calls come with the feed's lock held: they must
/// return at once (start a task, cancel one), never wait.
public protocol FeedUpstream: AnyObject, Sendable {
    /// Begins publishing; called when the first subscriber arrives.
    func start()
    /// Stops publishing, without waiting; called when the last subscriber leaves.
    func halt()
}

private struct WeakDatabase {
    weak var database: DatabaseQueue?
}

/// Runs `action` once, when released.
private final class Lease: Sendable {
    private let action: @Sendable () -> Void
    init(_ action: @escaping @Sendable () -> Void) { self.action = action }
    deinit { action() }
}
