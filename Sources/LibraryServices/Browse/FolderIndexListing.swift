import LibraryCore

/// The folders directly inside the root folders (getIndexes), grouped by index letter and
/// kept packed: each folder's id, root and name in one buffer, read in index order. At a million
/// tracks the roots hold some 46,000 folders, which as `BrowseFolder`s held about 3.5 MB.
public struct FolderIndexListing: Sendable, Equatable {
    /// The headings in order, each with its folders' positions.
    public let headings: [IndexHeading]
    /// The root folders the folders lie in.
    private let roots: [BrowseFolder]
    private let ids: [Int64]
    /// Each folder's root, as a position in `roots`.
    private let rootPositions: [Int32]
    /// The folders' names in the order they were read (not copied into index order).
    private let names: PackedStrings
    /// Where each position's folder sits in `names`.
    private let nameItems: [Int32]

    /// How many folders.
    public var count: Int { ids.count }

    /// The folder at `position` (in index order).
    public func folder(at position: Int) -> BrowseFolder {
        let root = roots[Int(rootPositions[position])]
        return BrowseFolder(id: ids[position], libraryID: root.libraryID, name: names[Int(nameItems[position])] ?? "", parentID: root.id)
    }

    /// Every folder, grouped: a copy of the whole index (for callers that want arrays).
    public var groups: [IndexGroup<BrowseFolder>] {
        headings.map { heading in IndexGroup(name: heading.name, items: heading.positions.map(folder(at:))) }
    }

    /// The folders of `roots`, as `eachSubfolder` hands each root's to its closure (id and
    /// name, in any order), grouped as `ArtistIndex.group` groups them when each root's are
    /// listed by name: equal keys keep the order of their roots, then of their lowercased
    /// names, then of their ids. They are packed as they come: no array of folders is held.
    init(
        roots: [BrowseFolder], eachSubfolder: (BrowseFolder, (Int64, Substring) -> Void) throws -> Void
    ) rethrows {
        var ids: [Int64] = []
        var rootPositions: [Int32] = []
        var names = PackedStrings()
        var keys = IndexSortKeys()
        for (position, root) in roots.enumerated() {
            try eachSubfolder(root) { id, name in
                let name = String(name)
                ids.append(id)
                rootPositions.append(Int32(position))
                names.append(name)
                keys.append(ArtistIndex.sortKey(name: name, sortName: nil))
            }
        }
        // Only for equal keys: the order `BrowseStore.subfolders` lists a root's folders in.
        let (order, headings) = keys.arrangement { a, b in
            let (x, y) = (Int(a), Int(b))
            guard rootPositions[x] == rootPositions[y] else { return rootPositions[x] < rootPositions[y] }
            return ((names[x] ?? "").lowercased(), ids[x]) < ((names[y] ?? "").lowercased(), ids[y])
        }
        self.roots = roots
        self.headings = headings
        self.ids = order.map { ids[Int($0)] }
        self.rootPositions = order.map { rootPositions[Int($0)] }
        self.names = names
        self.nameItems = order
    }
}
