import Foundation
#if canImport(Glibc)
import Glibc
#endif
import LibraryCore
@testable import LibraryServices
import Testing

/// A real folder listed: its subfolders in path byte order, each with its own `stat`
/// identity and mtime, whatever bytes their names hold, and the fingerprint the folder table
/// stores (so a rescan still finds unchanged folders unchanged).
@Suite("Directory listing")
struct DirectoryListingTests {
    /// Folder names made of the bytes that order differently as text and as paths: space and
    /// "-" sort before "/", "é" in both spellings, a byte that is not UTF-8, prefixes.
    private static let folderNames: [[UInt8]] = {
        var names: [[UInt8]] = ["a", "a-c", "a b", "ab", "a~", "B", "b", "Z", "é", "e\u{301}", "ee", "x"].map { Array($0.utf8) }
        names.append([0x78, 0xFF])
        names.append([0x78, 0x20])
        let alphabet: [UInt8] = [0x20, 0x2D, 0x41, 0x61, 0x7E, 0xC3, 0xA9, 0xFF]
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        while names.count < 300 {
            var name: [UInt8] = []
            for _ in 0..<(1 + Int(seed % 6)) {
                seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                name.append(alphabet[Int(seed >> 61)])
            }
            if !names.contains(name) { names.append(name) }
        }
        return names
    }()

    @Test("subfolders come in path byte order with their own identity, mtime and the stored fingerprint")
    func subfoldersInPathOrder() throws {
        let root = try Self.makeFolder()
        defer { Self.remove(root) }
        for name in Self.folderNames { try Self.make(root.appending(name), directory: true) }
        for name in ["01 Song.mp3", "02 Song.FLAC", "cover.jpg", "notes.txt"] { try Self.make(root.appending(Array(name.utf8)), directory: false) }
        try Self.make(root.appending(Array(".hidden".utf8)), directory: true)
        #expect(symlink("a", root.appending(Array("link".utf8)).text) == 0)

        let (listing, _) = try DirectoryReader(includeHidden: false).list(root, mtimeNs: 7).get()

        let expected = (Self.folderNames + [Array("link".utf8)]).map { root.appending($0) }.sorted()
        #expect(listing.subfolders.map(\.path) == expected)
        for (index, subfolder) in listing.subfolders.enumerated() {
            #expect(subfolder.path.lastComponent == Array(listing.subfolders.name(at: index)))
            let info = try DirectoryReader.status(of: subfolder.path).get()
            #expect(subfolder.id == DirectoryID(device: UInt64(info.st_dev), inode: UInt64(info.st_ino)))
            #expect(subfolder.mtimeNs == DirectoryReader.nanoseconds(info.st_mtim))
        }
        #expect(listing.files.map(\.path.lastComponent) == [Array("01 Song.mp3".utf8), Array("02 Song.FLAC".utf8)])
        #expect(listing.hasCoverImage)
        #expect(listing.fingerprint == Self.fingerprint(files: listing.files, subfolders: expected, hasCoverImage: true))
    }

    @Test("a folder of files alone lists no subfolders, and an empty one nothing")
    func noSubfolders() throws {
        let root = try Self.makeFolder()
        defer { Self.remove(root) }
        let (empty, _) = try DirectoryReader(includeHidden: false).list(root, mtimeNs: 0).get()
        #expect(empty.subfolders.isEmpty && empty.files.isEmpty)
        try Self.make(root.appending(Array("track.ogg".utf8)), directory: false)
        let (files, _) = try DirectoryReader(includeHidden: false).list(root, mtimeNs: 0).get()
        #expect(files.subfolders.isEmpty && files.files.count == 1)
        #expect(files.fingerprint == Self.fingerprint(files: files.files, subfolders: [], hasCoverImage: false))
    }

    @Test("a directory is visited once, by device and whole inode number")
    func visitedOnce() {
        var visited = VisitedDirectories(expected: 4)
        let ids = [
            DirectoryID(device: 1, inode: 5), DirectoryID(device: 1, inode: 5 + (1 << 32)), DirectoryID(device: 2, inode: 5),
            DirectoryID(device: 1, inode: UInt64.max), DirectoryID(device: 1, inode: UInt64(UInt32.max)),
        ]
        #expect(ids.map { visited.insert($0) } == [true, true, true, true, true])
        #expect(ids.map { visited.insert($0) } == [false, false, false, false, false])
    }

    /// The fingerprint as the folder table has stored it since it was introduced.
    private static func fingerprint(files: [FileFacts], subfolders: [RawPath], hasCoverImage: Bool) -> Int64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        func mix(_ value: UInt64) {
            hash ^= value
            hash = hash &* 0x0000_0100_0000_01B3
        }
        for file in files {
            for byte in file.path.lastComponent { mix(UInt64(byte)) }
            mix(UInt64(bitPattern: file.size))
            mix(UInt64(bitPattern: file.mtimeNs))
            mix(UInt64(bitPattern: file.ctimeNs))
        }
        mix(0xFF)
        for folder in subfolders {
            for byte in folder.lastComponent { mix(UInt64(byte)) }
            mix(0)
        }
        mix(hasCoverImage ? 1 : 2)
        return Int64(bitPattern: hash)
    }

    private static func makeFolder() throws -> RawPath {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("kanora-listing-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return RawPath(url.path)
    }

    /// Removes the folder with `rm`, which takes names that are not UTF-8.
    private static func remove(_ folder: RawPath) {
        let rm = Process()
        rm.executableURL = URL(fileURLWithPath: "/bin/rm")
        rm.arguments = ["-rf", folder.text]
        try? rm.run()
        rm.waitUntilExit()
    }

    /// Makes a folder or an empty file at a raw path (its name need not be UTF-8).
    private static func make(_ path: RawPath, directory: Bool) throws {
        let result = path.withCString { directory ? mkdir($0, 0o755) : creat($0, 0o644) }
        guard result >= 0 else { throw SystemError(errno) }
        if !directory { close(result) }
    }
}
