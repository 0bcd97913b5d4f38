import Foundation
import LibraryCore

#if canImport(Glibc)
import Glibc
#endif

/// File access for cover art, by raw path (names need not be UTF-8).
enum CoverFiles {
    /// Folder images, best first: `cover.jpg` beats `folder.png`, `.jpg` beats `.png`.
    static let imageNames = ["cover", "folder", "front", "album"]
    static let imageExtensions = ["jpg", "jpeg", "png"]
    /// Larger files are not read as covers (no real cover comes near this).
    static let maximumImageBytes = 32 << 20

    /// A regular file's size and modification time in nanoseconds, following symlinks.
    static func identity(of path: RawPath) -> (size: Int64, mtimeNs: Int64)? {
        var info = stat()
        guard path.withCString({ stat($0, &info) }) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        return (Int64(info.st_size), Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec))
    }

    /// The whole file, when it is a regular file of at most `maximumImageBytes` (opened
    /// without blocking, so a FIFO named like a cover cannot hold the thread).
    static func contents(of path: RawPath) -> Data? {
        let fd = path.withCString { open($0, O_RDONLY | O_CLOEXEC | O_NONBLOCK) }
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_size <= maximumImageBytes else { return nil }
        var data = Data(count: Int(info.st_size))
        let complete = data.withUnsafeMutableBytes { buffer -> Bool in
            var done = 0
            while done < buffer.count {
                let count = read(fd, buffer.baseAddress! + done, buffer.count - done)
                if count < 0 && errno == EINTR { continue }
                if count <= 0 { return false }
                done += count
            }
            return true
        }
        return complete ? data : nil
    }

    /// The best cover image file directly in `folder`, names compared case-insensitively.
    static func folderImage(in folder: RawPath) -> RawPath? {
        guard let directory = folder.withCString({ opendir($0) }) else { return nil }
        defer { closedir(directory) }
        var best: (rank: Int, name: [UInt8])?
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                Array(raw.prefix { $0 != 0 })
            }
            guard let rank = rank(of: name), rank < (best?.rank ?? .max) else { continue }
            if identity(of: folder.appending(name)) != nil { best = (rank, name) }
        }
        return best.map { folder.appending($0.name) }
    }

    /// The preference of a file name (lower is better), or nil when it is no cover name.
    static func rank(of name: [UInt8]) -> Int? {
        guard name.count <= 16, name.allSatisfy({ $0 < 0x80 }) else { return nil }
        let lowered = String(decoding: name, as: UTF8.self).lowercased()
        guard let dot = lowered.lastIndex(of: ".") else { return nil }
        guard let nameIndex = imageNames.firstIndex(of: String(lowered[..<dot])),
              let extensionIndex = imageExtensions.firstIndex(of: String(lowered[lowered.index(after: dot)...]))
        else { return nil }
        return nameIndex * imageExtensions.count + extensionIndex
    }
}
