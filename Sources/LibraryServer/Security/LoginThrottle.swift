import Foundation
import Synchronization

/// Slows down password guessing, by address and by account.
///
/// - **By address:** after `maximumFailures` failures within `window`, every login from that
///   address is refused for `lockout` (without checking the credentials, so guessing learns
///   nothing). This covers every kind of credential, API keys included.
/// - **By account:** many addresses guessing one account's password (a botnet, or anyone
///   behind a proxy) are slowed together: after `maximumAccountFailures` failed password or
///   token logins within `accountWindow`, logins to that account are refused for
///   `accountLockout`, doubled for each further lockout in a row (at most
///   `maximumAccountLockout`). Addresses that logged in to the account before are exempt,
///   and API keys never are locked by account, so a stranger can slow down new devices but
///   never lock the owner out of their usual ones.
///
/// Successful logins are never counted as failures. At most `capacity` addresses and
/// `capacity` accounts are remembered; all of it lives in memory.
public final class LoginThrottle: Sendable {
    /// Failures within a sliding window.
    private struct FailureWindow {
        private var times: [Date] = []

        /// Counts a failure at `time`: true (and the window emptied) when it makes `limit`
        /// failures within `window`.
        mutating func record(_ time: Date, window: TimeInterval, limit: Int) -> Bool {
            times.removeAll { time.timeIntervalSince($0) >= window }
            times.append(time)
            guard times.count >= limit else { return false }
            times.removeAll()
            return true
        }
    }

    private struct AddressEntry {
        var failures = FailureWindow()
        var lockedUntil: Date?
        var lastEvent: Date
    }

    private struct AccountEntry {
        var failures = FailureWindow()
        var lockedUntil: Date?
        /// Lockouts in a row: each doubles the next.
        var strikes = 0
        var lastEvent: Date
        /// Addresses that logged in successfully, most recent last.
        var knownClients: [String] = []
    }

    private struct State {
        var addresses: [String: AddressEntry] = [:]
        var accounts: [String: AccountEntry] = [:]
    }

    public let maximumFailures: Int
    public let window: TimeInterval
    public let lockout: TimeInterval
    public let maximumAccountFailures: Int
    public let accountWindow: TimeInterval
    public let accountLockout: TimeInterval
    public let maximumAccountLockout: TimeInterval
    public let capacity: Int
    /// How many addresses per account are remembered as the owner's.
    static let knownClientsPerAccount = 16
    private let now: @Sendable () -> Date
    private let state = Mutex(State())

    public init(
        maximumFailures: Int = 10, window: TimeInterval = 60, lockout: TimeInterval = 60,
        maximumAccountFailures: Int = 10, accountWindow: TimeInterval = 600, accountLockout: TimeInterval = 60,
        maximumAccountLockout: TimeInterval = 900, capacity: Int = 10_000,
        now: @escaping @Sendable () -> Date = Date.init
    ) {
        self.maximumFailures = maximumFailures
        self.window = window
        self.lockout = lockout
        self.maximumAccountFailures = maximumAccountFailures
        self.accountWindow = accountWindow
        self.accountLockout = accountLockout
        self.maximumAccountLockout = maximumAccountLockout
        self.capacity = capacity
        self.now = now
    }

    /// The seconds left before `client` may log in again, or nil when it may now.
    public func lockedSeconds(for client: String) -> Int? {
        let time = now()
        return state.withLock { state in
            guard let until = state.addresses[client]?.lockedUntil, until > time else { return nil }
            return Self.seconds(until, time)
        }
    }

    /// The seconds left before `client` may try the password of `account` again, or nil
    /// when it may now (always, from an address the account logged in from before).
    public func lockedSeconds(forAccount account: String, from client: String) -> Int? {
        let time = now()
        return state.withLock { state in
            guard let entry = state.accounts[Self.key(account)], let until = entry.lockedUntil, until > time,
                  !entry.knownClients.contains(client)
            else { return nil }
            return Self.seconds(until, time)
        }
    }

    /// Records a failed login from `client`, locking it out at the limit; with an `account`
    /// (a password or token login), counts against the account too.
    public func recordFailure(for client: String, account: String? = nil) {
        let time = now()
        state.withLock { state in
            if state.addresses[client] == nil, state.addresses.count >= capacity { evictAddress(&state.addresses, at: time) }
            var entry = state.addresses[client] ?? AddressEntry(lastEvent: time)
            entry.lastEvent = time
            if entry.failures.record(time, window: window, limit: maximumFailures) {
                entry.lockedUntil = time.addingTimeInterval(lockout)
            }
            state.addresses[client] = entry
            if let account { recordAccountFailure(Self.key(account), at: time, in: &state) }
        }
    }

    /// Records a successful login to `account` from `client`: the address becomes one of
    /// the owner's, and the account's run of lockouts ends.
    public func recordSuccess(for client: String, account: String) {
        let time = now()
        state.withLock { state in
            let key = Self.key(account)
            // The common case, a device logging in again: nothing to change.
            if let entry = state.accounts[key], entry.knownClients.last == client, entry.strikes == 0 { return }
            if state.accounts[key] == nil, state.accounts.count >= capacity { evictAccount(&state.accounts) }
            var entry = state.accounts[key] ?? AccountEntry(lastEvent: time)
            entry.knownClients.removeAll { $0 == client }
            entry.knownClients.append(client)
            if entry.knownClients.count > Self.knownClientsPerAccount { entry.knownClients.removeFirst() }
            if entry.lockedUntil.map({ $0 <= time }) ?? true { entry.strikes = 0 }
            entry.lastEvent = time
            state.accounts[key] = entry
        }
    }

    /// How many addresses are remembered (for tests of the bound).
    public var count: Int { state.withLock { $0.addresses.count } }

    /// How many accounts are remembered (for tests of the bound).
    public var accountCount: Int { state.withLock { $0.accounts.count } }

    private func recordAccountFailure(_ key: String, at time: Date, in state: inout State) {
        if state.accounts[key] == nil, state.accounts.count >= capacity { evictAccount(&state.accounts) }
        var entry = state.accounts[key] ?? AccountEntry(lastEvent: time)
        entry.lastEvent = time
        if entry.failures.record(time, window: accountWindow, limit: maximumAccountFailures) {
            let length = min(maximumAccountLockout, accountLockout * pow(2, Double(min(entry.strikes, 30))))
            entry.lockedUntil = time.addingTimeInterval(length)
            entry.strikes += 1
        }
        state.accounts[key] = entry
    }

    private static func key(_ account: String) -> String { String(account.lowercased().prefix(128)) }

    private static func seconds(_ until: Date, _ time: Date) -> Int { Int(until.timeIntervalSince(time).rounded(.up)) }

    /// Forgets expired addresses, then, if still full, the one least recently seen.
    private func evictAddress(_ entries: inout [String: AddressEntry], at time: Date) {
        entries = entries.filter { _, entry in
            (entry.lockedUntil.map { $0 > time } ?? false) || time.timeIntervalSince(entry.lastEvent) < window
        }
        if entries.count >= capacity, let oldest = entries.min(by: { $0.value.lastEvent < $1.value.lastEvent }) {
            entries[oldest.key] = nil
        }
    }

    /// Forgets the account least recently seen (its known addresses go with it).
    private func evictAccount(_ entries: inout [String: AccountEntry]) {
        if let oldest = entries.min(by: { $0.value.lastEvent < $1.value.lastEvent }) { entries[oldest.key] = nil }
    }
}
