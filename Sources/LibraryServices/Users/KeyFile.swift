#if canImport(Glibc)
import Glibc
#endif
import Crypto
import Foundation

/// The 32-byte key file: private to its owner, created atomically so two processes never
/// end up with different keys.
enum KeyFile {
    static let size = 32

    /// The key in `url`, or nil when there is no such file; refuses a file group or others
    /// can read, or one of the wrong size.
    static func read(_ url: URL) throws(LibraryError) -> [UInt8]? {
        var info = stat()
        guard stat(url.path, &info) == 0 else {
            if errno == ENOENT { return nil }
            throw LibraryError(.fileSystem, "Cannot read the password key file \(url.path): \(String(cString: strerror(errno))).")
        }
        if info.st_mode & 0o077 != 0 {
            let mode = String(info.st_mode & 0o777, radix: 8)
            throw LibraryError(.fileSystem, "The password key file \(url.path) is readable by other users (mode \(mode)): make it private with `chmod 600 \(url.path)`.")
        }
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw LibraryError(.fileSystem, "Cannot read the password key file \(url.path): check that you own it.")
        }
        guard data.count == size else {
            throw LibraryError(.fileSystem, "The password key file \(url.path) holds \(data.count) bytes instead of \(size): it is not a Kanora key. Move it away and set the passwords again with `kanora user passwd NAME`.")
        }
        return Array(data)
    }

    /// Creates the key file with a new random key (mode 0600, written to a temporary file
    /// then linked into place, which fails if another process got there first: then its
    /// key is the one used).
    static func create(_ url: URL) throws(LibraryError) -> [UInt8] {
        let key = SymmetricKey(size: .bits256).withUnsafeBytes { Array($0) }
        let temporary = url.path + ".\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp"
        let fd = Glibc.open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard fd >= 0 else {
            throw LibraryError(.fileSystem, "Cannot create the password key file \(url.path): \(String(cString: strerror(errno))).")
        }
        defer { unlink(temporary) }
        let written = key.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        let synced = fsync(fd)
        close(fd)
        guard written == size, synced == 0 else {
            throw LibraryError(.fileSystem, "Cannot write the password key file \(url.path): \(String(cString: strerror(errno))).")
        }
        if link(temporary, url.path) != 0 {
            guard errno == EEXIST, let existing = try read(url) else {
                throw LibraryError(.fileSystem, "Cannot create the password key file \(url.path): \(String(cString: strerror(errno))).")
            }
            return existing
        }
        return key
    }
}
