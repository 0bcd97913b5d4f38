import Foundation
import LibraryCore
import LibraryStorage

/// Files that moved: the folders a scan finds gone, and the renames recognised without
/// reading (same inode, size and mtime) among the new files.
extension ScanEngine {
    /// Finds the stored folders that no longer exist, before the first new file is planned,
    /// so files moved out of them are recognised as renames (not read at all) or, when
    /// written, as moves (`BatchWriter`). Only folders the walk has not reached can be gone;
    /// a scan that finds no new file never looks.
    func findGoneFolders() throws {
        goneFoldersFound = true
        let unreached = storedFolders.unreachedIDs
        let stored = try database.read { db in try FolderStore.paths(ids: unreached, db) }
        let isGone = onEveryCore { stored.concurrentMap { DirectoryReader.isGone($0.path) } }
        goneFolders = zip(stored, isGone).filter(\.1).map(\.0.id)
        let gone = goneFolders
        if !gone.isEmpty {
            goneFiles = try database.read { db in try MoveStore.presentFiles(inFolders: gone, db) }
        }
        renamesPossible = try !goneFiles.isEmpty || database.read { db in try MoveStore.hasMissing(db) }
    }

    /// A scan that stops early marks missing what it knew was gone, as its end would have.
    func markGoneFoldersMissing() {
        guard !goneFolders.isEmpty else { return }
        let (gone, time) = (goneFolders, now())
        _ = try? database.write(collectingChangesIn: changes) { db in try TrackStore.markMissing(inFolders: gone, now: time, db) }
    }

    /// Reserves the tracks of the files the plan found renamed within their folder (a file
    /// whose track another file took is read instead), then takes out of `plan.toRead` the
    /// new files that are renames of missing tracks' files from elsewhere.
    func recogniseRenames(_ plan: inout FolderPlan) throws {
        var unclaimed: [FileFacts] = []
        plan.renamed.removeAll { entry in
            guard !reservations.reserve(entry.trackID) else { return false }
            unclaimed.append(entry.file)
            return true
        }
        plan.toRead += unclaimed.map { ($0, nil) }
        guard renamesPossible, plan.toRead.contains(where: { $0.trackID == nil }) else { return }
        var renamed: [(file: FileFacts, trackID: Int64)] = []
        try database.read { db in
            try plan.toRead.removeAll { entry in
                guard entry.trackID == nil else { return false }
                let match = try goneFiles[MoveStore.RenameKey(entry.file)].flatMap { reservations.reserve($0) ? $0 : nil }
                    ?? MoveStore.renamedFrom(entry.file, db)
                        .first(where: { DirectoryReader.isGone($0.path) && reservations.reserve($0.id) })?.id
                guard let match else { return false }
                renamed.append((entry.file, match))
                return true
            }
        }
        plan.renamed += renamed
    }
}
