import Foundation
import Synchronization

/// Broadcasts `LibraryEvent`s: every subscriber gets its own stream and sees every event.
public final class ChangeFeed: Sendable {
    private let subscribers = Mutex<[UUID: AsyncStream<LibraryEvent>.Continuation]>([:])

    public init() {}

    /// A fresh stream of the events published from now on (an AsyncStream has one consumer,
    /// so each subscriber needs its own).
    public func events() -> AsyncStream<LibraryEvent> {
        let (stream, continuation) = AsyncStream.makeStream(of: LibraryEvent.self, bufferingPolicy: .bufferingNewest(256))
        let id = UUID()
        continuation.onTermination = { [weak self] _ in
            _ = self?.subscribers.withLock { $0.removeValue(forKey: id) }
        }
        subscribers.withLock { $0[id] = continuation }
        return stream
    }

    /// Sends `event` to every current subscriber.
    public func publish(_ event: LibraryEvent) {
        let continuations = subscribers.withLock { Array($0.values) }
        for continuation in continuations {
            continuation.yield(event)
        }
    }

    /// How many subscribers are listening (for tests and diagnostics).
    public var subscriberCount: Int { subscribers.withLock { $0.count } }
}
