import Foundation
import LibraryCore
import LibraryStorage
import Synchronization

/// The users and API key hashes logins are checked against, kept in memory so that a login
/// never waits for a reader connection: a server whose readers are all busy with long
/// queries still lets people in.
///
/// The copy is loaded on the first login and dropped on every change made through the
/// user service. Another process's change (`kanora user passwd` while `kanora serve`
/// runs) is seen through `credential_generation`, a counter that triggers bump on every
/// change to users and keys: each login reads that one row on a read-only connection of
/// the cache's own, which no query ever uses, and reloads only when it moved. That read
/// takes microseconds and runs on the caller's thread (hopping to a database thread would
/// cost more than the read). In-memory databases have a single connection and no other
/// process: there the copy is only dropped by the service's own changes.
final class CredentialCache: Sendable {
    /// One consistent copy of the credentials.
    struct Snapshot: Sendable {
        /// `credential_generation` when the copy was read.
        let generation: Int64
        let users: [Int64: User]
        /// User ids by exact name, and by `UserRules.name.key` (ignoring case).
        let idsByName: [String: Int64]
        let idsByNameKey: [String: Int64]
        /// Sealed passwords by user id (absent: no password).
        let sealedPasswords: [Int64: [UInt8]]
        /// Key id and user id by the key's SHA-256.
        let keys: [[UInt8]: (keyID: Int64, userID: Int64)]
        /// User id and expiry of each web session, by the token's SHA-256.
        let sessions: [[UInt8]: (userID: Int64, expires: Date)]

        /// The user with this name: the exact spelling first, then ignoring case.
        func user(named name: String) -> User? {
            let id = idsByName[name] ?? idsByNameKey[UserRules.name.key(for: name)]
            return id.flatMap { users[$0] }
        }

        /// The user of the session with this token hash, while it has not expired.
        func session(hash: [UInt8], now: Date) -> User? {
            guard let session = sessions[hash], session.expires > now else { return nil }
            return users[session.userID]
        }

        /// The key with this hash and its user.
        func key(hash: [UInt8]) -> (keyID: Int64, user: User)? {
            guard let key = keys[hash], let user = users[key.userID] else { return nil }
            return (key.keyID, user)
        }
    }

    private struct State {
        var snapshot: Snapshot?
        /// Bumped by `invalidate`: a copy read before a change is not kept after it.
        var epoch = 0
    }

    private let database: DatabasePool
    private let state = Mutex(State())
    /// The connection of the cache's own (file databases only).
    private let probe: Probe?

    init(database: DatabasePool) {
        self.database = database
        if case .file = database.location { probe = Probe(location: database.location) } else { probe = nil }
    }

    /// Drops the copy: called after every change the service makes.
    func invalidate() {
        state.withLock { state in
            state.snapshot = nil
            state.epoch += 1
        }
    }

    /// The current credentials: the copy in memory when still current, else a fresh one.
    func current() async throws(LibraryError) -> Snapshot {
        if let probe {
            do {
                return try probe.withConnection { connection in try fresh(on: connection) }
            } catch {
                throw LibraryError.wrap(error)
            }
        }
        let (cached, epoch) = state.withLock { ($0.snapshot, $0.epoch) }
        if let cached { return cached }
        let loaded = try await database.reading { db in try Self.load(db) }
        keep(loaded, readAt: epoch)
        return loaded
    }

    /// The copy if `credential_generation` has not moved since it was read, else a new one.
    private func fresh(on connection: Connection) throws -> Snapshot {
        let (cached, epoch) = state.withLock { ($0.snapshot, $0.epoch) }
        if let cached, try UserStore.credentialGeneration(connection) == cached.generation { return cached }
        try connection.execute("BEGIN DEFERRED")
        defer { try? connection.execute("COMMIT") }
        let loaded = try Self.load(connection)
        keep(loaded, readAt: epoch)
        return loaded
    }

    private func keep(_ snapshot: Snapshot, readAt epoch: Int) {
        state.withLock { state in
            if state.epoch == epoch { state.snapshot = snapshot }
        }
    }

    /// A read-only connection that only the cache uses, opened on first use: no query ever
    /// holds it, so a login never waits for one.
    private final class Probe: Sendable {
        let location: Connection.Location
        private let connection = Mutex<Connection?>(nil)

        init(location: Connection.Location) {
            self.location = location
        }

        func withConnection<T: Sendable>(_ body: (Connection) throws -> T) throws -> T {
            try connection.withLock { connection throws -> T in
                if connection == nil { connection = try Connection(location: location, readOnly: true, busyTimeout: .seconds(2)) }
                return try body(connection!)
            }
        }
    }

    /// Reads every user, key and session (inside one read transaction, so they agree).
    private static func load(_ db: Connection) throws -> Snapshot {
        let generation = try UserStore.credentialGeneration(db)
        var users: [Int64: User] = [:]
        var idsByName: [String: Int64] = [:]
        var idsByNameKey: [String: Int64] = [:]
        var sealed: [Int64: [UInt8]] = [:]
        for (user, password) in try UserStore.allCredentials(db).sorted(by: { $0.user.id < $1.user.id }) {
            users[user.id] = user
            idsByName[user.name] = user.id
            let key = UserRules.name.key(for: user.name)
            if idsByNameKey[key] == nil { idsByNameKey[key] = user.id }
            if let password { sealed[user.id] = password }
        }
        var keys: [[UInt8]: (keyID: Int64, userID: Int64)] = [:]
        for key in try APIKeyStore.hashes(db) { keys[key.keyHash] = (key.keyID, key.userID) }
        var sessions: [[UInt8]: (userID: Int64, expires: Date)] = [:]
        for session in try SessionStore.all(db) { sessions[session.tokenHash] = (session.userID, session.expires) }
        return Snapshot(
            generation: generation, users: users, idsByName: idsByName, idsByNameKey: idsByNameKey,
            sealedPasswords: sealed, keys: keys, sessions: sessions)
    }
}

/// When each API key was last used, kept in memory. A use is written to the database at
/// most once a minute per key (`writeInterval`), by a write of its own that no request
/// waits for: so logging in with a key never becomes a write per request. A key's last use
/// within the minute shows at once in this process's listings and reaches the database
/// with the key's next use after the minute.
final class KeyUseLog: Sendable {
    /// The least time between two writes of one key's last use.
    static let writeInterval: TimeInterval = 60

    private struct Entry {
        var lastUsed: Date
        var lastWritten: Date?
    }

    private let entries = Mutex<[Int64: Entry]>([:])

    /// Notes a use of a key; true when it should be written now.
    func record(keyID: Int64, at date: Date) -> Bool {
        entries.withLock { entries in
            var entry = entries[keyID] ?? Entry(lastUsed: date, lastWritten: nil)
            entry.lastUsed = max(entry.lastUsed, date)
            let due = entry.lastWritten.map { date.timeIntervalSince($0) >= Self.writeInterval } ?? true
            if due { entry.lastWritten = date }
            entries[keyID] = entry
            return due
        }
    }

    /// The last use of a key seen by this process, if any.
    func lastUsed(keyID: Int64) -> Date? {
        entries.withLock { $0[keyID]?.lastUsed }
    }

    /// Forgets revoked keys.
    func forget(_ keyIDs: some Sequence<Int64>) {
        entries.withLock { entries in
            for id in keyIDs { entries.removeValue(forKey: id) }
        }
    }
}
