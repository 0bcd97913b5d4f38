import LibraryCore

/// The folders a depth-first walk has found and not listed yet, taken last found first.
///
/// Each listing's subfolders stay in the listing's own `Subfolders`, with the place reached in it,
/// instead of one stack entry per folder: a library root of 46,000 artist folders would
/// otherwise be a 46,000-entry stack beside the listing it was copied from (5.5 MB of a
/// million-track rescan's 22 MB heap peak). The order is that of a stack fed each listing's
/// subfolders in reverse: a listing's first subfolder comes first, and the subfolders of the
/// listing added last come before those of the listings added before it.
struct PendingFolders {
    /// A folder to list: its path, its identity and mtime when its parent's listing already
    /// statted it, and the ignore rules it inherits.
    typealias Folder = (path: RawPath, known: (DirectoryID, Int64)?, rules: IgnoreRules)

    /// The folder the walk starts from, until it is taken.
    private var start: Folder?
    /// Listings' subfolders not all taken yet, each with the index of the next to take.
    private var frames: [(subfolders: Subfolders, next: Int, rules: IgnoreRules)] = []

    /// A walk that starts at `start`.
    init(start: Folder) {
        self.start = start
    }

    /// Whether every folder has been taken.
    var isEmpty: Bool { start == nil && frames.isEmpty }

    /// Adds a listing's subfolders, which inherit `rules`.
    mutating func push(_ subfolders: Subfolders, rules: IgnoreRules) {
        guard !subfolders.isEmpty else { return }
        frames.append((subfolders, 0, rules))
    }

    /// The next folder to list, nil when none is left.
    mutating func popLast() -> Folder? {
        if let start {
            self.start = nil
            return start
        }
        guard let last = frames.indices.last else { return nil }
        let index = frames[last].next
        let subfolder = frames[last].subfolders[index]
        let rules = frames[last].rules
        if index + 1 == frames[last].subfolders.count {
            frames.removeLast()
        } else {
            frames[last].next = index + 1
        }
        return (subfolder.path, (subfolder.id, subfolder.mtimeNs), rules)
    }
}
