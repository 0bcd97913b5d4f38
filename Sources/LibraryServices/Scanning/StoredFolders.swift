import LibraryCore
import LibraryStorage

/// The folders earlier scans stored under a scan's scope, found by path text, and which of
/// them the walk has not reached yet.
///
/// A library of a million tracks has some 150,000 folders: kept as a dictionary of path
/// strings they took ~26 MB, the largest part of a rescan's memory. Here each folder is 24
/// bytes: a 96-bit digest of its path text (two SipHash values under this process's random
/// seed, one cut to 32 bits, so no one can make two folder names collide), its id and its
/// fingerprint, in an array sorted by digest; a lookup is a binary search.
struct StoredFolders {
    private struct Entry {
        var high: UInt64
        /// The fingerprint; 0 for one in `unfingerprinted`.
        var fingerprint: Int64
        var low: UInt32
        /// The id, or `UInt32.max` for one in `largeIDs`.
        var id: UInt32

        init(_ digest: PathDigest, id: Int64, fingerprint: Int64) {
            high = digest.high
            low = UInt32(truncatingIfNeeded: digest.low)
            self.id = id >= 0 && id < UInt32.max ? UInt32(id) : UInt32.max
            self.fingerprint = fingerprint
        }

        /// Whether this entry's digest sorts before `high` and `low`.
        func precedes(_ high: UInt64, _ low: UInt32) -> Bool { (self.high, self.low) < (high, low) }
    }

    private var entries: [Entry] = []
    /// The ids of the folders stored without a fingerprint (few: those a scan did not reach).
    private var unfingerprinted = Set<Int64>()
    /// Ids too large for an entry's 32 bits (none in practice), by their entry's digest.
    private var largeIDs: [Digest96: Int64] = [:]
    private var reached: [Bool] = []

    /// None: a library's first scan.
    init() {}

    /// The folders of `libraryID` under `scope` (itself included).
    init(libraryID: Int64, under scope: RawPath, _ db: Connection) throws {
        let count = try FolderStore.storedCount(libraryID: libraryID, under: scope, db)
        entries.reserveCapacity(count)
        try FolderStore.forEachStored(libraryID: libraryID, under: scope, db) { text, id, fingerprint in
            let entry = Entry(PathDigest(text), id: id, fingerprint: fingerprint ?? 0)
            entries.append(entry)
            if fingerprint == nil { unfingerprinted.insert(id) }
            if entry.id == UInt32.max { largeIDs[Digest96(high: entry.high, low: entry.low)] = id }
        }
        entries.sort { $0.precedes($1.high, $1.low) }
        reached = Array(repeating: false, count: entries.count)
    }

    /// The stored folder at `pathText`, if it has not been taken yet; it counts as reached.
    mutating func take(_ pathText: String) -> FolderStore.Stored? {
        guard let index = index(of: PathDigest(pathText)), !reached[index] else { return nil }
        reached[index] = true
        let id = self.id(of: entries[index])
        return FolderStore.Stored(id: id, fingerprint: unfingerprinted.contains(id) ? nil : entries[index].fingerprint)
    }

    /// How many folders were stored.
    var count: Int { entries.count }

    /// The ids of the folders not taken.
    var unreachedIDs: [Int64] {
        entries.indices.filter { !reached[$0] }.map { id(of: entries[$0]) }
    }

    private func id(of entry: Entry) -> Int64 {
        entry.id == UInt32.max ? largeIDs[Digest96(high: entry.high, low: entry.low)]! : Int64(entry.id)
    }

    private func index(of digest: PathDigest) -> Int? {
        let (digestHigh, digestLow) = (digest.high, UInt32(truncatingIfNeeded: digest.low))
        var (low, high) = (0, entries.count)
        while low < high {
            let middle = (low + high) / 2
            if entries[middle].precedes(digestHigh, digestLow) { low = middle + 1 } else { high = middle }
        }
        guard low < entries.count, entries[low].high == digestHigh, entries[low].low == digestLow else { return nil }
        return low
    }

    /// The digest an entry keeps, as a dictionary key.
    private struct Digest96: Hashable {
        let high: UInt64
        let low: UInt32
    }
}

/// 128 bits identifying a path text within this process: two independent SipHash-1-3 values
/// (`Hasher`, seeded at random per process).
struct PathDigest {
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
}
