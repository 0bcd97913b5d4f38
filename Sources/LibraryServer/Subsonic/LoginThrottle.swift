import Foundation
import Synchronization

/// Refuses logins from a client address that failed too often: after `maximumFailures`
/// failures within `window`, every login from that address is refused for `lockout`
/// (without checking the credentials, so guessing learns nothing). Successful logins are
/// never counted. At most `capacity` addresses are remembered.
public final class LoginThrottle: Sendable {
    private struct Entry {
        var failures: [Date] = []
        var lockedUntil: Date?
        var lastEvent: Date
    }

    public let maximumFailures: Int
    public let window: TimeInterval
    public let lockout: TimeInterval
    public let capacity: Int
    private let now: @Sendable () -> Date
    private let entries = Mutex<[String: Entry]>([:])

    public init(
        maximumFailures: Int = 10, window: TimeInterval = 60, lockout: TimeInterval = 60, capacity: Int = 10_000,
        now: @escaping @Sendable () -> Date = Date.init
    ) {
        self.maximumFailures = maximumFailures
        self.window = window
        self.lockout = lockout
        self.capacity = capacity
        self.now = now
    }

    /// The seconds left before `client` may log in again, or nil when it may now.
    public func lockedSeconds(for client: String) -> Int? {
        let time = now()
        return entries.withLock { entries in
            guard let until = entries[client]?.lockedUntil, until > time else { return nil }
            return Int(until.timeIntervalSince(time).rounded(.up))
        }
    }

    /// Records a failed login from `client`, locking it out at the limit.
    public func recordFailure(for client: String) {
        let time = now()
        entries.withLock { entries in
            if entries[client] == nil, entries.count >= capacity { evict(&entries, at: time) }
            var entry = entries[client] ?? Entry(lastEvent: time)
            entry.failures.removeAll { time.timeIntervalSince($0) >= window }
            entry.failures.append(time)
            entry.lastEvent = time
            if entry.failures.count >= maximumFailures {
                entry.lockedUntil = time.addingTimeInterval(lockout)
                entry.failures.removeAll()
            }
            entries[client] = entry
        }
    }

    /// How many addresses are remembered (for tests of the bound).
    public var count: Int { entries.withLock { $0.count } }

    /// Forgets expired addresses, then, if still full, the one least recently seen.
    private func evict(_ entries: inout [String: Entry], at time: Date) {
        entries = entries.filter { _, entry in
            (entry.lockedUntil.map { $0 > time } ?? false) || time.timeIntervalSince(entry.lastEvent) < window
        }
        if entries.count >= capacity, let oldest = entries.min(by: { $0.value.lastEvent < $1.value.lastEvent }) {
            entries[oldest.key] = nil
        }
    }
}
