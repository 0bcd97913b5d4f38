#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// Serialises scans of one database across processes with `flock` on a file beside it,
/// so two `kanora scan`s take turns instead of interleaving their batches.
final class ScanLock {
    private let descriptor: Int32?

    /// Takes the lock at `url` (nil: no lock), calling `waiting` first if another
    /// process holds it.
    ///
    /// - Throws: `CancellationError` when `isCancelled` says so while waiting (checked a few
    ///   times a second): a scan whose client left stops waiting.
    init(url: URL?, waiting: () -> Void, isCancelled: () -> Bool = { false }) throws {
        guard let url else {
            descriptor = nil
            return
        }
        let fd = open(url.path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            descriptor = nil
            return
        }
        if flock(fd, LOCK_EX | LOCK_NB) != 0 {
            waiting()
            while flock(fd, LOCK_EX | LOCK_NB) != 0 {
                guard errno == EWOULDBLOCK || errno == EINTR, !isCancelled() else {
                    close(fd)
                    throw CancellationError()
                }
                usleep(100_000)
            }
        }
        descriptor = fd
    }

    deinit {
        if let descriptor {
            flock(descriptor, LOCK_UN)
            close(descriptor)
        }
    }
}
