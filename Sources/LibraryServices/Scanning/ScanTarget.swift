import LibraryStorage

#if canImport(Glibc)
import Glibc
#endif
import Foundation
import LibraryCore

/// Resolves the folder a user asked to scan to its library and the part of it to walk.
struct ScanTarget {
    var library: Library
    /// The folder to walk: the library root, or a folder inside it.
    var scope: RawPath
    var isNewLibrary: Bool

    /// The canonical absolute form of `path` (symlinks resolved), or a user-facing error.
    static func canonicalFolder(_ path: RawPath) throws -> RawPath {
        var absolute = path
        if path.bytes.first != UInt8(ascii: "/") {
            absolute = RawPath(FileManager.default.currentDirectoryPath).appending(path.bytes)
        }
        guard let resolved = absolute.withCString({ realpath($0, nil) }) else {
            let code = SystemError(errno)
            switch code.code {
            case ENOENT:
                throw LibraryError(.fileSystem, "The folder \(absolute.text) does not exist: check the path, or mount the drive it is on.")
            case EACCES:
                throw LibraryError(.fileSystem, "The folder \(absolute.text) cannot be read (permission denied): fix its permissions or scan another folder.")
            default:
                throw LibraryError(.fileSystem, "The folder \(absolute.text) cannot be used (\(code)).")
            }
        }
        defer { free(resolved) }
        let canonical = RawPath(bytes: Array(UnsafeBufferPointer(start: UnsafeRawPointer(resolved).assumingMemoryBound(to: UInt8.self), count: strlen(resolved))))
        switch DirectoryReader.directoryID(of: canonical) {
        case .success: break
        case .failure(let code) where code.code == ENOTDIR:
            throw LibraryError(.fileSystem, "\(canonical.text) is a file, not a folder: give the folder that holds your music.")
        case .failure(let code):
            throw LibraryError(.fileSystem, "The folder \(canonical.text) cannot be used (\(code)).")
        }
        guard let handle = canonical.withCString({ opendir($0) }) else {
            throw LibraryError(.fileSystem, "The folder \(canonical.text) cannot be read (\(SystemError(errno))): fix its permissions or scan another folder.")
        }
        closedir(handle)
        return canonical
    }

    /// Finds the library that owns `folder` or adds a new one for it.
    static func resolve(folder: RawPath, name: String?, mayAddLibrary: Bool = true, now: Date, _ db: Connection) throws -> ScanTarget {
        let libraries = try LibraryStore.all(db)
        if let owner = libraries.first(where: { folder.isInside($0.root) }) {
            return ScanTarget(library: owner, scope: folder, isNewLibrary: false)
        }
        guard mayAddLibrary else {
            throw LibraryError(.notFound, "\(folder.text) is inside none of the libraries: add it with `kanora scan` on the server.")
        }
        if let inner = libraries.first(where: { $0.root.isInside(folder) }) {
            throw LibraryError(.conflict, "\(folder.text) contains the library \"\(inner.name)\" (\(inner.root.text)): scan that library, or remove it first with `kanora library remove \"\(inner.name)\"`.")
        }
        let libraryName: String
        if let name {
            libraryName = try LibraryRules.name.validate(name)
            if let existing = try LibraryStore.find(name: libraryName, db) {
                throw LibraryError(.conflict, "A library named \"\(existing.name)\" already exists (\(existing.root.text)): choose another name with --name.")
            }
        } else {
            libraryName = try uniqueName(base: RawPath.text(of: folder.lastComponent), db)
        }
        let library = try LibraryStore.insert(name: libraryName, root: folder, now: now, db)
        return ScanTarget(library: library, scope: folder, isNewLibrary: true)
    }

    private static func uniqueName(base: String, _ db: Connection) throws -> String {
        let cleaned = String(base.unicodeScalars.filter { $0.properties.generalCategory != .control }.prefix(90))
        let stem = (try? LibraryRules.name.validate(cleaned)) ?? "Music"
        var candidate = stem
        var counter = 2
        while try LibraryStore.find(name: candidate, db) != nil {
            candidate = "\(stem) \(counter)"
            counter += 1
        }
        return candidate
    }
}
