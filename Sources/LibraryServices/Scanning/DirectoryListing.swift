#if canImport(Glibc)
import Glibc
#endif
import LibraryCore

/// One directory's contents: audio-candidate files with their `stat` facts, and subfolders.
struct DirectoryListing: Sendable {
    var path: RawPath
    var mtimeNs: Int64
    var files: [FileFacts] = []
    /// Subfolders, with the identity and mtime their `stat` gave while listing, sorted.
    var subfolders = Subfolders()
    /// Entries that could not be examined (a dangling symlink, a permission error).
    var problems: [(path: RawPath, reason: String)] = []
    /// Whether a cover image file (`cover.jpg`, `folder.png`... as `CoverFiles` names them)
    /// is in the folder: the database keeps it, so listings know which albums have a cover.
    var hasCoverImage = false

    /// A hash of the audio files' names, sizes and times, of the subfolder names and of
    /// whether a cover image is there: equal to the last scan's value only if nothing in the
    /// folder changed, so it can be skipped.
    var fingerprint: Int64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        func mix(_ value: UInt64) {
            hash ^= value
            hash = hash &* 0x0000_0100_0000_01B3
        }
        for file in files {
            let bytes = file.path.bytes
            let nameStart = (bytes.lastIndex(of: UInt8(ascii: "/")) ?? -1) + 1
            for byte in bytes[nameStart...] { mix(UInt64(byte)) }
            mix(UInt64(bitPattern: file.size))
            mix(UInt64(bitPattern: file.mtimeNs))
            mix(UInt64(bitPattern: file.ctimeNs))
        }
        mix(0xFF)
        for index in subfolders.indices {
            for byte in subfolders.name(at: index) { mix(UInt64(byte)) }
            mix(0)
        }
        mix(hasCoverImage ? 1 : 2)
        return Int64(bitPattern: hash)
    }
}

/// An errno value from a failed system call.
struct SystemError: Error, Equatable, CustomStringConvertible {
    let code: Int32

    init(_ code: Int32) {
        self.code = code
    }

    /// A short reason, e.g. "permission denied".
    var description: String { String(cString: strerror(code)).lowercased() }
}

/// The identity of a directory, to detect symlink loops.
struct DirectoryID: Hashable, Sendable {
    var device: UInt64
    var inode: UInt64
}

/// The directories a walk has listed, to list none twice (a symbolic link loop, a bind
/// mount): 4 bytes per directory whose inode number fits 32 bits (ext4's always do), 8 for
/// the others, since a library's folders are on one device or a few. At a million tracks
/// (153,000 folders) the set is 1 MB instead of 2.
struct VisitedDirectories {
    private struct Inodes {
        var narrow: Set<UInt32>
        var wide = Set<UInt64>()

        mutating func insert(_ inode: UInt64) -> Bool {
            if let narrowInode = UInt32(exactly: inode) { return narrow.insert(narrowInode).inserted }
            return wide.insert(inode).inserted
        }
    }

    private var inodesByDevice: [UInt64: Inodes] = [:]
    private let expected: Int

    /// Room for `expected` directories on the first device, so a rescan's set never regrows.
    init(expected: Int = 0) {
        self.expected = expected
    }

    /// Adds `id`; false if it was listed already.
    mutating func insert(_ id: DirectoryID) -> Bool {
        let capacity = inodesByDevice.isEmpty ? expected : 0
        return inodesByDevice[id.device, default: Inodes(narrow: Set(minimumCapacity: capacity))].insert(id.inode)
    }
}

/// Lists directories with POSIX calls, keeping names as raw bytes (they need not be UTF-8).
struct DirectoryReader {
    /// Whether names starting with "." are listed.
    var includeHidden: Bool

    /// `stat` of a path (following symlinks), or the errno.
    static func status(of path: RawPath) -> Result<stat, SystemError> {
        var info = stat()
        let result = path.withCString { stat($0, &info) }
        if result == 0 { return .success(info) }
        return .failure(SystemError(errno))
    }

    /// Whether nothing is at `path` any more (not merely unreadable).
    static func isGone(_ path: RawPath) -> Bool {
        guard case .failure(let error) = status(of: path) else { return false }
        return error.code == ENOENT || error.code == ENOTDIR
    }

    /// The directory's identity and mtime, or why it cannot be used.
    static func directoryID(of path: RawPath) -> Result<(DirectoryID, Int64), SystemError> {
        switch status(of: path) {
        case .failure(let code): return .failure(code)
        case .success(let info):
            guard (info.st_mode & S_IFMT) == S_IFDIR else { return .failure(SystemError(ENOTDIR)) }
            return .success((DirectoryID(device: UInt64(info.st_dev), inode: UInt64(info.st_ino)), nanoseconds(info.st_mtim)))
        }
    }

    /// Lists `path`: applies its `.kanoraignore` (if any) on top of `inherited`, skips
    /// regular files that are not audio candidates without statting them, and stats the rest
    /// (following symlinks). Returns the listing and the rules in force for its subfolders.
    func list(_ path: RawPath, mtimeNs: Int64, inherited: IgnoreRules = IgnoreRules()) -> Result<(DirectoryListing, IgnoreRules), SystemError> {
        guard let handle = path.withCString({ opendir($0) }) else {
            return .failure(SystemError(errno))
        }
        defer { closedir(handle) }
        let descriptor = dirfd(handle)
        var read = DirectoryNames()
        var hasIgnoreFile = false
        var folderCandidates = 0
        while let entry = readdir(handle) {
            let type = entry.pointee.d_type
            withUnsafePointer(to: &entry.pointee.d_name) { pointer in
                pointer.withMemoryRebound(to: UInt8.self, capacity: 256) { start in
                    let name = UnsafeBufferPointer(start: start, count: strlen(UnsafeRawPointer(start).assumingMemoryBound(to: CChar.self)))
                    if name.first == 0x2E && (name.count == 1 || (name.count == 2 && name[1] == 0x2E)) { return }
                    if name.elementsEqual(Self.ignoreFileName) { hasIgnoreFile = true }
                    if !includeHidden && name.first == 0x2E { return }
                    if type != UInt8(DT_REG) { folderCandidates += 1 }
                    read.append(name, type: type)
                }
            }
        }
        let ignore = hasIgnoreFile ? inherited.adding(folder: path) : inherited
        var listing = DirectoryListing(path: path, mtimeNs: mtimeNs)
        listing.subfolders = Subfolders(parent: path, names: read.bytes, capacity: folderCandidates)
        for entry in read.names {
            let name = read.bytes(of: entry)
            let isCandidate = AudioFileTypes.isCandidate(name: name)
            let isCoverName = CoverFiles.rank(of: name) != nil
            if entry.type == UInt8(DT_REG) && !isCandidate {
                if isCoverName { listing.hasCoverImage = true }
                continue
            }
            let child = path.appending(name)
            var info = stat()
            let result = read.withCString(entry) { fstatat(descriptor, $0, &info, 0) }
            guard result == 0 else {
                let code = SystemError(errno)
                listing.problems.append((child, code.code == ENOENT ? "broken symbolic link" : code.description))
                continue
            }
            switch info.st_mode & S_IFMT {
            case S_IFDIR:
                guard !ignore.excludes(child, isDirectory: true) else { continue }
                listing.subfolders.append(
                    nameAt: entry.range, id: DirectoryID(device: UInt64(info.st_dev), inode: UInt64(info.st_ino)),
                    mtimeNs: Self.nanoseconds(info.st_mtim))
            case S_IFREG:
                if isCoverName { listing.hasCoverImage = true }
                guard isCandidate, !ignore.excludes(child, isDirectory: false) else { continue }
                listing.files.append(FileFacts(
                    path: child, size: Int64(info.st_size), mtimeNs: Self.nanoseconds(info.st_mtim),
                    ctimeNs: Self.nanoseconds(info.st_ctim), inode: UInt64(info.st_ino)))
            default:
                continue
            }
        }
        listing.files.sort { $0.path < $1.path }
        listing.subfolders.sortByName()
        listing.subfolders.releaseNamesIfEmpty()
        return .success((listing, ignore))
    }

    private static let ignoreFileName = Array(IgnoreRules.fileName.utf8)

    static func nanoseconds(_ time: timespec) -> Int64 {
        Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
    }

}

/// The file names the scanner hands to the tag reader. The reader then decides by
/// content, so a mislabelled file is read as what it is, and a non-audio file with an
/// audio extension is reported rather than skipped silently.
enum AudioFileTypes {
    static let extensions: Set<String> = [
        // What TagLib 1.13 reads.
        "mp3", "mp2", "mp1", "mpa", "flac", "ogg", "oga", "opus", "spx", "m4a", "m4b", "m4r", "mp4",
        "wma", "asf", "ape", "wv", "mpc", "tta", "wav", "aif", "aiff", "aifc", "mod", "s3m", "it", "xm",
        // Audio it cannot read: reported as unsupported rather than left out in silence.
        "dsf", "dff", "aac", "adts", "adif", "mka", "webm", "weba", "caf", "au", "snd", "mid", "midi",
        "kar", "rmi", "ac3", "dts", "amr", "awb", "tak", "shn", "ofr", "ofs", "ra", "rm", "w64", "rf64",
        "8svx", "3ga",
    ]

    /// Whether a file name (raw bytes) ends in one of `extensions`, in any case.
    static func isCandidate(name: [UInt8]) -> Bool {
        guard let dot = name.lastIndex(of: UInt8(ascii: ".")), dot > 0, name.count - dot <= 5 else { return false }
        var suffix = ""
        for byte in name[(dot + 1)...] {
            guard byte < 0x80 else { return false }
            suffix.unicodeScalars.append(Unicode.Scalar(byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte))
        }
        return extensions.contains(suffix)
    }
}
