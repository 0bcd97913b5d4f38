import Foundation
import LibraryCore
import NIOCore

#if canImport(Glibc)
import Glibc
#endif

/// An open read-only file descriptor, closed when the last reference to it goes: after a
/// response's body is sent, or when a response is dropped unsent (HEAD, 416, a client gone).
final class FileDescriptor: Sendable {
    let value: Int32

    /// Opens `path` read-only, following symbolic links; throws the errno when it cannot.
    /// `O_NONBLOCK` keeps a FIFO put in a file's place from blocking the open; it changes
    /// nothing for regular files.
    init(opening path: RawPath) throws(FileReadError) {
        let descriptor = path.withCString { open($0, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY) }
        guard descriptor >= 0 else { throw FileReadError(code: errno) }
        value = descriptor
    }

    deinit { close(value) }

    /// `fstat` of the open file.
    func status() -> stat? {
        var info = stat()
        return fstat(value, &info) == 0 ? info : nil
    }

    /// The path the kernel resolved when the file was opened (every symlink followed), as
    /// `/proc/self/fd` shows it; nil where /proc is not mounted.
    func openedPath() -> RawPath? {
        var buffer = [UInt8](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = buffer.withUnsafeMutableBytes { raw in
            readlink("/proc/self/fd/\(value)", raw.baseAddress!.assumingMemoryBound(to: CChar.self), raw.count)
        }
        guard count > 0, count < buffer.count else { return nil }
        return RawPath(bytes: Array(buffer[..<count]))
    }

    /// Up to `count` bytes from `offset`: fewer only at the end of the file.
    func read(at offset: Int64, count: Int) throws(FileReadError) -> ByteBuffer {
        var buffer = ByteBuffer()
        var failure: Int32?
        buffer.writeWithUnsafeMutableBytes(minimumWritableBytes: count) { raw in
            var done = 0
            while done < count {
                let result = pread(value, raw.baseAddress! + done, count - done, off_t(offset) + off_t(done))
                if result < 0 && errno == EINTR { continue }
                if result < 0 { failure = errno }
                if result <= 0 { break }
                done += result
            }
            return done
        }
        if let failure { throw FileReadError(code: failure) }
        return buffer
    }
}

/// Opening or reading a file failed, or the file ended before the bytes announced were sent.
struct FileReadError: Error, CustomStringConvertible {
    /// The errno, or 0 when the file was cut short while being sent.
    let code: Int32

    var description: String {
        code == 0 ? "the file got shorter while it was being sent" : String(cString: strerror(code))
    }
}
