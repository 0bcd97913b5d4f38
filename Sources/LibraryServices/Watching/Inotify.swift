#if canImport(Glibc)
import Glibc
#endif
import LibraryCore

/// An inotify instance: watches directories and reads their events. Used by one thread.
final class Inotify {
    /// What happened in or to a watched directory.
    struct Event {
        var watch: Int32
        var mask: UInt32
        /// The entry's name inside the watched directory; empty for events on the directory itself.
        var name: [UInt8]

        func has(_ flag: Int32) -> Bool { mask & UInt32(bitPattern: flag) != 0 }
    }

    /// Changes that can alter what a scan finds. IN_CLOSE_WRITE rather than IN_MODIFY: a file
    /// being copied counts once, when it is complete.
    static let mask = UInt32(bitPattern: IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO | IN_CLOSE_WRITE
        | IN_DELETE_SELF | IN_MOVE_SELF | IN_ATTRIB | IN_ONLYDIR)

    let descriptor: Int32
    private var buffer = [UInt8](repeating: 0, count: 64 * 1024)

    /// A new non-blocking instance, or the errno (EMFILE: too many inotify instances).
    static func open() -> Result<Inotify, SystemError> {
        let descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        return descriptor < 0 ? .failure(SystemError(errno)) : .success(Inotify(descriptor: descriptor))
    }

    private init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    deinit {
        close(descriptor)
    }

    /// Watches the directory at `path` (following symlinks); the watch descriptor, or the errno
    /// (ENOSPC: the user's watch limit is reached). A directory watched already keeps its descriptor.
    func addWatch(_ path: RawPath) -> Result<Int32, SystemError> {
        let watch = path.withCString { inotify_add_watch(descriptor, $0, Inotify.mask) }
        return watch < 0 ? .failure(SystemError(errno)) : .success(watch)
    }

    func removeWatch(_ watch: Int32) {
        _ = inotify_rm_watch(descriptor, watch)
    }

    /// The events ready now (empty when none: the descriptor is non-blocking).
    func readEvents() -> [Event] {
        var events: [Event] = []
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { return events }
            buffer.withUnsafeBytes { bytes in
                var offset = 0
                let header = MemoryLayout<inotify_event>.size
                while offset + header <= count {
                    let watch = bytes.loadUnaligned(fromByteOffset: offset, as: Int32.self)
                    let mask = bytes.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self)
                    let length = Int(bytes.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
                    let name = bytes[(offset + header)..<min(count, offset + header + length)].prefix { $0 != 0 }
                    events.append(Event(watch: watch, mask: mask, name: Array(name)))
                    offset += header + length
                }
            }
        }
    }
}

/// The subfolders of a folder (symlinks to folders included), by raw name.
func subfolders(of path: RawPath, includeHidden: Bool) -> [RawPath] {
    guard let handle = path.withCString({ opendir($0) }) else { return [] }
    defer { closedir(handle) }
    var result: [RawPath] = []
    while let entry = readdir(handle) {
        let name = withUnsafePointer(to: &entry.pointee.d_name) { pointer in
            pointer.withMemoryRebound(to: UInt8.self, capacity: 256) { bytes in
                Array(UnsafeBufferPointer(start: bytes, count: strlen(UnsafeRawPointer(bytes).assumingMemoryBound(to: CChar.self))))
            }
        }
        if name == [0x2E] || name == [0x2E, 0x2E] || (!includeHidden && name.first == 0x2E) { continue }
        let type = Int(entry.pointee.d_type)
        let child = path.appending(name)
        if type == Int(DT_DIR) {
            result.append(child)
        } else if type == Int(DT_LNK) || type == Int(DT_UNKNOWN), case .success = DirectoryReader.directoryID(of: child) {
            result.append(child)
        }
    }
    return result
}
