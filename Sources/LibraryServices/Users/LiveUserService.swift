import Crypto
import Foundation
import LibraryCore
import LibraryStorage

/// `UserService` over SQLite: passwords sealed with `PasswordSealer`, API keys stored as
/// SHA-256 hashes. Logins are checked against a copy of the credentials in memory
/// (`CredentialCache`), so they never wait behind queries; every change made here drops
/// that copy.
public struct LiveUserService: UserService {
    let database: DatabasePool
    let sealer: PasswordSealer
    let now: @Sendable () -> Date
    /// Opened passwords by user, valid while the sealed bytes are unchanged.
    let passwords = PasswordCache()
    /// Users and key hashes, for logins.
    let credentials: CredentialCache
    /// Keys' last uses, written at most once a minute per key.
    let keyUses = KeyUseLog()

    init(database: DatabasePool, sealer: PasswordSealer, now: @escaping @Sendable () -> Date = Date.init) {
        self.database = database
        self.sealer = sealer
        self.now = now
        self.credentials = CredentialCache(database: database)
    }

    public func users() async throws -> [User] {
        try await database.reading { db in try UserStore.all(db) }
    }

    public func user(named name: String) async throws -> User {
        try await database.reading { db in try existing(name, db) }
    }

    public func addUser(named name: String, password: String, isAdmin: Bool) async throws -> User {
        let validName = try Self.checked { () throws(ValidationError) in try UserRules.name.validate(name) }
        try Self.checked { () throws(ValidationError) in try UserRules.validatePassword(password) }
        let sealed = try sealer.seal(password)
        defer { credentials.invalidate() }
        return try await database.writing { db in
            if let other = try UserStore.find(name: validName, db) {
                throw LibraryError(.conflict, "A user named \"\(other.name)\" already exists: choose another name.")
            }
            return try UserStore.insert(name: validName, isAdmin: isAdmin, sealedPassword: sealed, now: now(), db)
        }
    }

    public func removeUser(named name: String) async throws -> User {
        defer { credentials.invalidate() }
        let (user, keys) = try await database.writing { db in
            let user = try existing(name, db)
            if user.id == User.localID {
                throw LibraryError(.invalidInput, "\"\(user.name)\" is the local user the command line acts as: it cannot be removed.")
            }
            let keys = try APIKeyStore.keys(userID: user.id, db).map(\.id)
            try UserStore.delete(id: user.id, db)
            return (user, keys)
        }
        passwords.forget(user.id)
        keyUses.forget(keys)
        return user
    }

    public func setPassword(_ password: String, forUser name: String, keepingKeys: Bool) async throws -> Int {
        try Self.checked { () throws(ValidationError) in try UserRules.validatePassword(password) }
        let sealed = try sealer.seal(password)
        defer { credentials.invalidate() }
        let (id, revoked) = try await database.writing { db in
            let user = try existing(name, db)
            try UserStore.setPassword(id: user.id, sealed: sealed, db)
            let keys = keepingKeys ? [] : try APIKeyStore.keys(userID: user.id, db).map(\.id)
            if !keepingKeys { _ = try APIKeyStore.deleteAll(userID: user.id, db) }
            return (user.id, keys)
        }
        passwords.forget(id)
        keyUses.forget(revoked)
        return revoked.count
    }

    /// Runs a field rule, its failure as a `LibraryError`.
    static func checked<T>(_ rule: () throws(ValidationError) -> T) throws(LibraryError) -> T {
        do { return try rule() } catch { throw LibraryError(.invalidInput, error.message) }
    }

    func existing(_ name: String, _ db: Connection) throws -> User {
        if let user = try UserStore.find(name: name, db) { return user }
        throw LibraryError(.notFound, "No user named \"\(name)\": see `kanora user list`.")
    }
}

/// API keys: "knr_" and 32 random bytes in URL-safe base64; stored as their SHA-256.
/// Session tokens are made the same way with "kns_".
enum APIKey {
    static let prefix = "knr_"
    static let sessionPrefix = "kns_"

    static func generate(prefix: String = prefix) -> String {
        let bytes = SymmetricKey(size: .bits256).withUnsafeBytes { Data($0) }
        let text = bytes.base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
        return prefix + text
    }

    static func hash(_ key: String) -> [UInt8] {
        Array(SHA256.hash(data: Data(key.utf8)))
    }
}
