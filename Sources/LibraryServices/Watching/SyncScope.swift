#if canImport(Glibc)
import Glibc
#endif
import LibraryCore

/// Turns a burst of changed folders into the folders to sync: one per library.
enum SyncScope {
    /// For each library with changes, the deepest folder containing every changed folder of
    /// that library (nested folders fold into their parent, siblings into their common
    /// parent, scattered ones into the root). One scan per library also lets a file moved
    /// between two changed folders be recognised as a move: both sides are in one scan.
    static func coalesce(_ changed: Set<RawPath>, roots: [RawPath]) -> [(root: RawPath, folder: RawPath)] {
        var byRoot: [RawPath: RawPath] = [:]
        for folder in changed {
            // The innermost root wins when one library's root lies inside another's.
            guard let root = roots.filter({ folder.isInside($0) }).max(by: { $0.bytes.count < $1.bytes.count }) else { continue }
            byRoot[root] = byRoot[root].map { commonAncestor($0, folder) } ?? folder
        }
        return byRoot.map { (root: $0.key, folder: $0.value) }.sorted { $0.folder < $1.folder }
    }

    /// The deepest folder that contains both paths.
    static func commonAncestor(_ a: RawPath, _ b: RawPath) -> RawPath {
        var candidate = a
        while !b.isInside(candidate) {
            let parent = candidate.parent
            if parent == candidate { return candidate }
            candidate = parent
        }
        return candidate
    }

    /// The folder a sync of `folder` should scan: `folder` itself when it exists and really
    /// lies in the library, else its nearest such ancestor (a deleted folder syncs its
    /// parent; a symlink leading outside the library syncs the folder holding the link).
    static func existingFolder(_ folder: RawPath, root: RawPath) -> RawPath {
        var candidate = folder
        while candidate != root && candidate.isInside(root) {
            if let resolved = realPath(candidate), resolved.isInside(root), isDirectory(resolved) { return candidate }
            candidate = candidate.parent
        }
        return root
    }

    private static func realPath(_ path: RawPath) -> RawPath? {
        guard let resolved = path.withCString({ realpath($0, nil) }) else { return nil }
        defer { free(resolved) }
        return RawPath(bytes: Array(UnsafeBufferPointer(start: UnsafeRawPointer(resolved).assumingMemoryBound(to: UInt8.self), count: strlen(resolved))))
    }

    private static func isDirectory(_ path: RawPath) -> Bool {
        if case .success = DirectoryReader.directoryID(of: path) { return true }
        return false
    }
}
