import Crypto
import Foundation
import LibraryCore
import LibraryStorage
import Synchronization

/// Logins, answered from the credentials in memory (`CredentialCache`): no reader
/// connection is needed, so queries holding every reader never hold up a login.
extension LiveUserService {
    public func authenticate(name: String, password: String) async throws -> User? {
        guard let (user, stored) = try await storedPassword(name) else { return nil }
        return Secrets.equal(Array(stored.utf8), Array(password.utf8)) ? user : nil
    }

    public func authenticate(name: String, token: String, salt: String) async throws -> User? {
        // A short salt makes a captured token replayable: refused whatever the token.
        guard salt.count >= UserRules.saltMinLength, let (user, stored) = try await storedPassword(name) else { return nil }
        let expected = Secrets.hex(Insecure.MD5.hash(data: Data((stored + salt).utf8)))
        return Secrets.equal(Array(expected.utf8), Array(token.lowercased().utf8)) ? user : nil
    }

    public func authenticate(apiKey: String) async throws -> User? {
        guard apiKey.hasPrefix(APIKey.prefix), apiKey.utf8.count < 200 else { return nil }
        guard let (keyID, user) = try await credentials.current().key(hash: APIKey.hash(apiKey)) else { return nil }
        let now = now()
        if keyUses.record(keyID: keyID, at: now) {
            // Written beside the request, never in its way (see `KeyUseLog`).
            let database = database
            Task.detached { _ = try? await database.asyncWrite { db in try APIKeyStore.touch([(keyID, now)], db) } }
        }
        return user
    }

    /// The user and their password in clear, when they have one.
    private func storedPassword(_ name: String) async throws(LibraryError) -> (User, String)? {
        guard name.utf8.count <= 4 * UserRules.name.maxLength else { return nil }
        let snapshot = try await credentials.current()
        guard let user = snapshot.user(named: name), let sealed = snapshot.sealedPasswords[user.id] else { return nil }
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
