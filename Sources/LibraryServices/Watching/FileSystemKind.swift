#if canImport(Glibc)
import Glibc
#endif
import Foundation
import LibraryCore

/// Which file system a folder is on, to tell whether inotify can see its changes: on
/// network and FUSE file systems it only sees changes made through this machine.
struct FileSystemKind: Equatable {
    /// The type as the kernel names it in /proc/self/mountinfo, e.g. "ext4", "nfs4", "fuse.sshfs".
    var type: String

    /// The file system holding `path` (nil when it cannot be told).
    static func of(_ path: RawPath, mountInfo: String? = try? String(contentsOfFile: "/proc/self/mountinfo", encoding: .utf8)) -> FileSystemKind? {
        guard let mountInfo else { return nil }
        var device: (major: UInt32, minor: UInt32)?
        if case .success(let info) = DirectoryReader.status(of: path) {
            let dev = UInt64(info.st_dev)
            // glibc's encoding of dev_t (the major() and minor() macros).
            device = (UInt32(truncatingIfNeeded: ((dev >> 8) & 0xFFF) | ((dev >> 32) & ~0xFFF)), UInt32(truncatingIfNeeded: (dev & 0xFF) | ((dev >> 12) & ~0xFF)))
        }
        return of(path, device: device, mountInfo: mountInfo)
    }

    /// The type of the mount that holds `path`: the deepest mount point containing it, preferring
    /// mounts of the path's device (mountinfo lines: "id parent major:minor root point options - type source ...").
    static func of(_ path: RawPath, device: (major: UInt32, minor: UInt32)?, mountInfo: String) -> FileSystemKind? {
        var best: (depth: Int, sameDevice: Bool, type: String)?
        for line in mountInfo.split(separator: "\n") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: false)
            guard fields.count > 6, let dash = fields.firstIndex(of: "-"), dash + 1 < fields.count else { continue }
            let point = RawPath(unescape(String(fields[4])))
            guard path.isInside(point) else { continue }
            let numbers = fields[2].split(separator: ":").compactMap { UInt32($0) }
            let sameDevice = device.map { numbers == [$0.major, $0.minor] } ?? false
            let candidate = (depth: point.bytes.count, sameDevice: sameDevice, type: String(fields[dash + 1]))
            if let current = best, (current.sameDevice ? 1 : 0, current.depth) >= (candidate.sameDevice ? 1 : 0, candidate.depth) { continue }
            best = candidate
        }
        return best.map { FileSystemKind(type: $0.type) }
    }

    /// Why inotify cannot be trusted here, or nil when it can (a local file system).
    var remoteReason: String? {
        let network = ["nfs", "nfs4", "cifs", "smb3", "smbfs", "9p", "ceph", "glusterfs", "afs", "davfs", "virtiofs", "ncpfs", "lustre", "gpfs", "beegfs", "orangefs", "ocfs2"]
        if network.contains(type) { return "network file system (\(type))" }
        if type == "fuse" || type == "fuseblk" || type.hasPrefix("fuse.") { return "FUSE file system (\(type))" }
        return nil
    }

    /// mountinfo escapes space, tab, newline and backslash as octal ("\040").
    private static func unescape(_ field: String) -> String {
        guard field.contains("\\") else { return field }
        var bytes: [UInt8] = []
        let utf8 = Array(field.utf8)
        var index = 0
        while index < utf8.count {
            if utf8[index] == UInt8(ascii: "\\"), index + 3 < utf8.count,
               let value = UInt8(String(decoding: utf8[(index + 1)...(index + 3)], as: UTF8.self), radix: 8) {
                bytes.append(value)
                index += 4
            } else {
                bytes.append(utf8[index])
                index += 1
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
