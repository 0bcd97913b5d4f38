import Crypto
import Foundation
import LibraryCore
import Synchronization

/// Logins: each is one indexed SELECT; opened passwords are cached per user and dropped
/// when the sealed bytes change (a `passwd` in another process shows up at once).
extension LiveUserService {
    public func authenticate(name: String, password: String) async throws -> User? {
        guard let (user, stored) = try await storedPassword(name) else { return nil }
        return Secrets.equal(Array(stored.utf8), Array(password.utf8)) ? user : nil
    }

    public func authenticate(name: String, token: String, salt: String) async throws -> User? {
        guard let (user, stored) = try await storedPassword(name) else { return nil }
        let expected = Secrets.hex(Insecure.MD5.hash(data: Data((stored + salt).utf8)))
        return Secrets.equal(Array(expected.utf8), Array(token.lowercased().utf8)) ? user : nil
    }

    public func authenticate(apiKey: String) async throws -> User? {
        guard apiKey.hasPrefix(APIKey.prefix), apiKey.utf8.count < 200 else { return nil }
        let hash = APIKey.hash(apiKey)
        guard let found = try await database.reading({ db in try APIKeyStore.find(keyHash: hash, db) }) else { return nil }
        // A write per request would cap the server's rate: the date is kept to the hour.
        let now = now()
        if found.lastUsedAt.map({ now.timeIntervalSince($0) > 3600 }) ?? true {
            try? await database.asyncWrite { db in try APIKeyStore.touch(keyID: found.keyID, now: now, db) }
        }
        return found.user
    }

    /// The user and their password in clear, when they have one.
    private func storedPassword(_ name: String) async throws(LibraryError) -> (User, String)? {
        guard name.utf8.count <= 4 * UserRules.name.maxLength,
              let (user, sealed) = try await database.reading({ db in try UserStore.credentials(name: name, db) }),
              let sealed
        else { return nil }
        if let password = passwords.password(for: user.id, sealed: sealed) { return (user, password) }
        let password = try sealer.open(sealed)
        passwords.store(password, for: user.id, sealed: sealed)
        return (user, password)
    }
}

/// Passwords opened once, by user id, each valid only for the sealed bytes it came from.
final class PasswordCache: Sendable {
    private let entries = Mutex<[Int64: (sealed: [UInt8], password: String)]>([:])

    func password(for userID: Int64, sealed: [UInt8]) -> String? {
        entries.withLock { entries in
            guard let entry = entries[userID], entry.sealed == sealed else { return nil }
            return entry.password
        }
    }

    func store(_ password: String, for userID: Int64, sealed: [UInt8]) {
        entries.withLock { $0[userID] = (sealed, password) }
    }

    func forget(_ userID: Int64) {
        _ = entries.withLock { $0.removeValue(forKey: userID) }
    }
}

/// Comparisons of secrets that take the same time wherever the first difference is.
enum Secrets {
    static func equal(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        // Compare digests so neither length nor content leaks through timing.
        let left = SHA256.hash(data: Data(a)), right = SHA256.hash(data: Data(b))
        var difference: UInt8 = 0
        for (x, y) in zip(left, right) { difference |= x ^ y }
        return difference == 0
    }

    /// Lowercase hexadecimal, as Subsonic tokens are written.
    static func hex(_ bytes: some Sequence<UInt8>) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        for byte in bytes {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: out, as: UTF8.self)
    }
}
