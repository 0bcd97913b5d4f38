#if canImport(Glibc)
import Glibc
#endif
import LibraryCore

/// A folder found while listing its parent.
struct Subfolder: Sendable {
    var path: RawPath
    var id: DirectoryID
    var mtimeNs: Int64
}

/// The names one directory listing read, in one byte buffer, each followed by a NUL (so a
/// name goes to `fstatat` as it is).
///
/// One buffer per folder instead of an array per name: a library root of 46,000 artist
/// folders took 2.3 MB of name arrays (~50 bytes each) while it was listed.
struct DirectoryNames {
    /// Where a name lies in `bytes`, and its `d_type`.
    struct Name {
        var start: Int
        var count: UInt16
        var type: UInt8

        var range: Range<Int> { start..<(start + Int(count)) }
    }

    /// The names and their NULs.
    private(set) var bytes: [UInt8] = []
    /// The names, in the order they were read.
    private(set) var names: [Name] = []

    /// Appends a name (at most 255 bytes, as in a `dirent`).
    mutating func append(_ name: UnsafeBufferPointer<UInt8>, type: UInt8) {
        names.append(Name(start: bytes.count, count: UInt16(name.count), type: type))
        bytes.append(contentsOf: name)
        bytes.append(0)
    }

    /// The bytes of `name`.
    func bytes(of name: Name) -> [UInt8] {
        Array(bytes[name.range])
    }

    /// Runs `body` with `name` as a NUL-terminated C string.
    func withCString<T>(_ name: Name, _ body: (UnsafePointer<CChar>) -> T) -> T {
        bytes.withUnsafeBufferPointer { buffer in
            UnsafeRawPointer(buffer.baseAddress! + name.start).withMemoryRebound(to: CChar.self, capacity: Int(name.count) + 1, body)
        }
    }
}

/// A listing's subfolders, with the identity and mtime their `stat` gave, in name order.
///
/// The names stay in the listing's one name buffer and each path is made when it is asked
/// for (the walk asks once, as it takes the folder): a path array per subfolder, ~80 bytes
/// each, kept a library root of 46,000 artist folders at 3.9 MB for the whole walk, with
/// its 32-byte entries beside them. Here a subfolder is a 32-byte entry and its name.
struct Subfolders: Sendable, RandomAccessCollection {
    private struct Entry: Sendable {
        var nameStart: UInt32
        var nameCount: UInt32
        var id: DirectoryID
        var mtimeNs: Int64
    }

    /// The folder listed.
    private(set) var parent: RawPath
    private var names: [UInt8]
    private var entries: [Entry] = []

    /// No subfolders.
    init() {
        self.init(parent: RawPath(bytes: []), names: [])
    }

    /// The subfolders of `parent`, to be appended with their names at ranges of `names`
    /// (a buffer of at most 4 GiB).
    init(parent: RawPath, names: [UInt8], capacity: Int = 0) {
        self.parent = parent
        self.names = names
        entries.reserveCapacity(capacity)
    }

    /// Appends the subfolder named by `range` of the name buffer.
    mutating func append(nameAt range: Range<Int>, id: DirectoryID, mtimeNs: Int64) {
        entries.append(Entry(nameStart: UInt32(range.lowerBound), nameCount: UInt32(range.count), id: id, mtimeNs: mtimeNs))
    }

    /// Appends the subfolder `name`, copying it into the name buffer.
    mutating func append(name: [UInt8], id: DirectoryID, mtimeNs: Int64) {
        let start = names.count
        names.append(contentsOf: name)
        append(nameAt: start..<names.count, id: id, mtimeNs: mtimeNs)
    }

    /// Sorts the subfolders by name, bytewise (shorter first on a common prefix): the order
    /// of their paths, which share the parent's.
    mutating func sortByName() {
        guard entries.count > 1 else { return }
        let names = self.names
        names.withUnsafeBytes { buffer in
            entries.sort { a, b in
                let common = Int(Swift.min(a.nameCount, b.nameCount))
                let compared = common == 0 ? 0 : memcmp(buffer.baseAddress! + Int(a.nameStart), buffer.baseAddress! + Int(b.nameStart), common)
                return compared != 0 ? compared < 0 : a.nameCount < b.nameCount
            }
        }
    }

    /// Drops the name buffer when no subfolder uses it.
    mutating func releaseNamesIfEmpty() {
        if entries.isEmpty { names = [] }
    }

    var startIndex: Int { 0 }
    var endIndex: Int { entries.count }

    /// The name of the subfolder at `index`.
    func name(at index: Int) -> ArraySlice<UInt8> {
        let entry = entries[index]
        return names[Int(entry.nameStart)..<(Int(entry.nameStart) + Int(entry.nameCount))]
    }

    subscript(index: Int) -> Subfolder {
        let name = name(at: index)
        var path = parent.bytes
        path.reserveCapacity(path.count + 1 + name.count)
        if path.last != UInt8(ascii: "/") { path.append(UInt8(ascii: "/")) }
        path.append(contentsOf: name)
        return Subfolder(path: RawPath(bytes: path), id: entries[index].id, mtimeNs: entries[index].mtimeNs)
    }
}
