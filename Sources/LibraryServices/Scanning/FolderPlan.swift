import LibraryCore
import LibraryStorage

/// What to do with one folder's files, decided by comparing `stat` with the database.
struct FolderPlan: Sendable {
    var listing: DirectoryListing
    /// Files to open: new ones (no id) and changed ones (their track id).
    var toRead: [(file: FileFacts, trackID: Int64?)] = []
    /// New files that are missing tracks' files renamed or moved (same inode, size and
    /// mtime): the track takes the new path without the file being read.
    var renamed: [(file: FileFacts, trackID: Int64)] = []
    /// Missing tracks whose unchanged file is back.
    var reappeared: [Int64] = []
    /// Present tracks whose file is gone.
    var vanished: [Int64] = []
    /// Files that failed before and have not changed since: reported again, not reopened.
    var knownFailures: [(file: FileFacts, failure: StoredFailure)] = []
    /// Files unchanged since the last scan.
    var unchangedCount = 0
    /// Paths (text) of this folder's files that failed in an earlier scan.
    var failedBefore: Set<String> = []
    /// The folder's row, when the folder is unchanged since the scan that stored it.
    var unchangedFolderID: Int64?

    /// Whether `file` had a recorded failure before this scan.
    func hadFailure(_ file: FileFacts) -> Bool {
        !failedBefore.isEmpty && failedBefore.contains(file.path.text)
    }

    /// The plan for the folder `folderID`, proven unchanged (same fingerprint as the last
    /// scan): nothing to read or mark; only earlier failures are reported again.
    /// The plan keeps the listing's path, not its files and subfolders: nothing reads
    /// them once planned, and a plan may wait a while for the writer.
    init(unchanged listing: DirectoryListing, folderID: Int64, failures: [String: StoredFailure]) {
        self.listing = DirectoryListing(path: listing.path, mtimeNs: listing.mtimeNs)
        unchangedFolderID = folderID
        guard !failures.isEmpty else {
            unchangedCount = listing.files.count
            return
        }
        failedBefore = Set(failures.keys)
        for file in listing.files {
            if let failure = failures[file.path.text] {
                knownFailures.append((file, failure))
            } else {
                unchangedCount += 1
            }
        }
    }

    /// Compares a listing with what the database holds for its folder.
    init(listing: DirectoryListing, stored: [StoredFile], failures: [String: StoredFailure], full: Bool) {
        self.listing = listing
        failedBefore = Set(failures.keys)
        var storedByPath = Dictionary(stored.map { ($0.pathText, $0) }, uniquingKeysWith: { first, _ in first })
        for file in listing.files {
            let key = file.path.text
            if let track = storedByPath.removeValue(forKey: key) {
                if !full && file.isUnchanged(comparedTo: track.size, mtimeNs: track.mtimeNs, ctimeNs: track.ctimeNs) {
                    unchangedCount += 1
                    if track.isMissing { reappeared.append(track.id) }
                } else {
                    toRead.append((file, track.id))
                }
            } else if !full, let failure = failures[key], failure.size == file.size, failure.mtimeNs == file.mtimeNs {
                knownFailures.append((file, failure))
            } else {
                toRead.append((file, nil))
            }
        }
        var left = Array(storedByPath.values)
        if !full { matchRenames(&left) }
        vanished = left.filter { !$0.isMissing }.map(\.id)
    }

    /// Files renamed within the folder: a new file with the inode, size and mtime of a
    /// stored file no longer at its path is that file (see `FolderPlan.renamed`).
    private mutating func matchRenames(_ left: inout [StoredFile]) {
        guard !left.isEmpty, toRead.contains(where: { $0.trackID == nil }) else { return }
        struct Identity: Hashable { var inode: UInt64, size: Int64, mtimeNs: Int64 }
        var byIdentity = Dictionary(left.map { (Identity(inode: $0.inode, size: $0.size, mtimeNs: $0.mtimeNs), $0) }, uniquingKeysWith: { first, _ in first })
        toRead.removeAll { entry in
            guard entry.trackID == nil,
                  let track = byIdentity.removeValue(forKey: Identity(inode: entry.file.inode, size: entry.file.size, mtimeNs: entry.file.mtimeNs))
            else { return false }
            renamed.append((entry.file, track.id))
            return true
        }
        let taken = Set(renamed.map(\.trackID))
        left.removeAll { taken.contains($0.id) }
    }
}
