import LibraryCore
import LibraryStorage

/// The folders earlier scans stored under a scan's scope, found by path text, and which of
/// them the walk has not reached yet.
///
/// A library of a million tracks has some 150,000 folders: kept as a dictionary of path
/// strings they took ~26 MB, the largest part of a rescan's memory. Here each folder is 32
/// bytes: a 128-bit digest of its path text (two SipHash values under this process's random
/// seed, so no one can make two folder names collide), its id and its fingerprint, in an
/// array sorted by digest; a lookup is a binary search.
struct StoredFolders {
    private struct Entry {
        var digest: PathDigest
        var id: Int64
        /// The fingerprint; 0 for one in `unfingerprinted`.
        var fingerprint: Int64
    }

    private var entries: [Entry] = []
    /// The ids of the folders stored without a fingerprint (few: those a scan did not reach).
    private var unfingerprinted = Set<Int64>()
    private var reached: [Bool] = []

    /// None: a library's first scan.
    init() {}

    /// The folders of `libraryID` under `scope` (itself included).
    init(libraryID: Int64, under scope: RawPath, _ db: Connection) throws {
        let count = try FolderStore.storedCount(libraryID: libraryID, under: scope, db)
        entries.reserveCapacity(count)
        try FolderStore.forEachStored(libraryID: libraryID, under: scope, db) { text, id, fingerprint in
            entries.append(Entry(digest: PathDigest(text), id: id, fingerprint: fingerprint ?? 0))
            if fingerprint == nil { unfingerprinted.insert(id) }
        }
        entries.sort { $0.digest < $1.digest }
        reached = Array(repeating: false, count: entries.count)
    }

    /// The stored folder at `pathText`, if it has not been taken yet; it counts as reached.
    mutating func take(_ pathText: String) -> FolderStore.Stored? {
        guard let index = index(of: PathDigest(pathText)), !reached[index] else { return nil }
        reached[index] = true
        let entry = entries[index]
        return FolderStore.Stored(id: entry.id, fingerprint: unfingerprinted.contains(entry.id) ? nil : entry.fingerprint)
    }

    /// How many folders were stored.
    var count: Int { entries.count }

    /// The ids of the folders not taken.
    var unreachedIDs: [Int64] {
        entries.indices.filter { !reached[$0] }.map { entries[$0].id }
    }

    private func index(of digest: PathDigest) -> Int? {
        var (low, high) = (0, entries.count)
        while low < high {
            let middle = (low + high) / 2
            if entries[middle].digest < digest { low = middle + 1 } else { high = middle }
        }
        return low < entries.count && entries[low].digest == digest ? low : nil
    }
}

/// 128 bits identifying a path text within this process: two independent SipHash-1-3 values
/// (`Hasher`, seeded at random per process).
struct PathDigest: Comparable {
    let high: UInt64
    let low: UInt64

    init(_ bytes: UnsafeRawBufferPointer) {
        var first = Hasher(), second = Hasher()
        first.combine(UInt8(1))
        second.combine(UInt8(2))
        first.combine(bytes: bytes)
        second.combine(bytes: bytes)
        high = UInt64(bitPattern: Int64(first.finalize()))
        low = UInt64(bitPattern: Int64(second.finalize()))
    }

    init(_ text: String) {
        var text = text
        self = text.withUTF8 { PathDigest(UnsafeRawBufferPointer($0)) }
    }

    static func < (left: PathDigest, right: PathDigest) -> Bool {
        (left.high, left.low) < (right.high, right.low)
    }
}
