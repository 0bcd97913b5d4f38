import Foundation
import LibraryCore

#if canImport(Glibc)
import Glibc
#endif

/// Opens a track's file for sending only while it is still the file the last scan indexed.
///
/// The file is opened once and the open descriptor is checked: the path the kernel resolved
/// (every symlink followed) lies inside the library's root (itself resolved), it is a
/// regular file, and its size and modification time are the ones the scan stored. The body
/// is then read from that descriptor, so a file swapped for another (a symlink to a file
/// outside the library, other content) between the check and the read cannot be sent.
enum IndexedFile {
    /// Why a track's file is not sent.
    enum Refusal: Error, Equatable {
        /// Nothing is at the track's path any more.
        case gone
        /// Something is, but not the file the scan indexed (or it leads outside the library).
        case changed
    }

    /// The open file of `track` in a library whose root is `root`, or why not.
    static func open(_ track: Track, root: RawPath, contentType: String, downloadName: String?) -> Result<MediaFile, Refusal> {
        let descriptor: FileDescriptor
        do {
            descriptor = try FileDescriptor(opening: track.path)
        } catch {
            return .failure(error.code == ENOENT || error.code == ENOTDIR ? .gone : .changed)
        }
        guard let status = descriptor.status(), status.st_mode & S_IFMT == S_IFREG,
              let resolvedRoot = resolve(root),
              let opened = realPath(of: descriptor, openedAt: track.path, status: status), opened.isInside(resolvedRoot)
        else { return .failure(.changed) }
        let file = MediaFile(descriptor: descriptor, status: status, contentType: contentType, downloadName: downloadName)
        guard file.size == track.fileSize, file.mtimeNs == track.mtimeNs else { return .failure(.changed) }
        return .success(file)
    }

    /// Where the open file really is: /proc's view of the descriptor, else (no /proc) the
    /// resolved path when it still names the very file that was opened (same device and inode).
    static func realPath(of descriptor: FileDescriptor, openedAt path: RawPath, status: stat) -> RawPath? {
        if let opened = descriptor.openedPath() { return opened }
        var info = stat()
        guard let resolved = resolve(path), resolved.withCString({ stat($0, &info) }) == 0,
              info.st_dev == status.st_dev, info.st_ino == status.st_ino
        else { return nil }
        return resolved
    }

    /// `realpath(3)` of `path`: absolute, without `.`, `..` or symlinks; nil when it cannot be resolved.
    static func resolve(_ path: RawPath) -> RawPath? {
        guard let resolved = path.withCString({ realpath($0, nil) }) else { return nil }
        defer { free(resolved) }
        return RawPath(bytes: Array(UnsafeRawBufferPointer(start: resolved, count: strlen(resolved))))
    }
}
