import Crypto
import Foundation
import Synchronization

/// Seals and opens passwords with AES-GCM under one 256-bit key: kept in a file beside the
/// database (created on first use, mode 0600), or in memory for in-memory databases.
///
/// Subsonic's token login needs the password itself (md5(password + salt)), so passwords
/// are encrypted rather than hashed; the key never enters the database.
final class PasswordSealer: Sendable {
    private enum Source {
        case memory
        case file(URL)
    }

    private let source: Source
    private let cachedKey = Mutex<SymmetricKey?>(nil)

    private init(_ source: Source, key: SymmetricKey?) {
        self.source = source
        cachedKey.withLock { $0 = key }
    }

    /// A sealer with a fresh random key that lives as long as the process.
    static func inMemory() -> PasswordSealer {
        PasswordSealer(.memory, key: SymmetricKey(size: .bits256))
    }

    /// A sealer whose key lives in `keyFile`, read (or created) when first needed.
    static func keyFile(_ url: URL) -> PasswordSealer {
        PasswordSealer(.file(url), key: nil)
    }

    /// The key file beside a database file.
    static func keyFileURL(beside databaseURL: URL) -> URL {
        URL(fileURLWithPath: databaseURL.path + "-secret")
    }

    /// Encrypts a password (nonce, ciphertext and tag in one blob).
    func seal(_ password: String) throws(LibraryError) -> [UInt8] {
        let key = try key(creating: true)
        do {
            guard let combined = try AES.GCM.seal(Data(password.utf8), using: key).combined else {
                throw LibraryError(.database, "Cannot seal the password: AES-GCM gave no combined form.")
            }
            return Array(combined)
        } catch let error as LibraryError {
            throw error
        } catch {
            throw LibraryError(.database, "Cannot seal the password: \(error)")
        }
    }

    /// Decrypts a sealed password.
    func open(_ sealed: [UInt8]) throws(LibraryError) -> String {
        let key = try key(creating: false)
        do {
            let box = try AES.GCM.SealedBox(combined: Data(sealed))
            return String(decoding: try AES.GCM.open(box, using: key), as: UTF8.self)
        } catch {
            throw LibraryError(.database, "A stored password cannot be decrypted with \(keyDescription): the key file was replaced. Set the password again with `kanora user passwd NAME`.")
        }
    }

    private var keyDescription: String {
        switch source {
        case .memory: "the in-memory key"
        case .file(let url): url.path
        }
    }

    private func key(creating: Bool) throws(LibraryError) -> SymmetricKey {
        if let key = cachedKey.withLock({ $0 }) { return key }
        guard case .file(let url) = source else { throw LibraryError(.database, "The in-memory password key is missing.") }
        var bytes = try KeyFile.read(url)
        if bytes == nil, creating { bytes = try KeyFile.create(url) }
        guard let bytes else {
            throw LibraryError(.fileSystem, "The password key file \(url.path) is missing, so stored passwords cannot be checked: set them again with `kanora user passwd NAME`.")
        }
        let key = SymmetricKey(data: bytes)
        cachedKey.withLock { $0 = key }
        return key
    }
}
