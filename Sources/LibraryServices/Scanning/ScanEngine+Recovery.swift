import Foundation
import LibraryCore
import LibraryStorage

/// What a scan does about the run before it, if that one crashed in the tag reader.
extension ScanEngine {
    /// Records the file that crashed the last run as failed, so it is skipped while
    /// unchanged; returns the files that were being read in a batch when it crashed.
    func recoverFromCrash() throws -> Set<RawPath> {
        let recovery = journal.recover()
        guard let culprit = recovery.culprit, case .success(let info) = DirectoryReader.status(of: culprit) else {
            return recovery.suspects
        }
        let file = FileFacts(
            path: culprit, size: Int64(info.st_size), mtimeNs: DirectoryReader.nanoseconds(info.st_mtim),
            ctimeNs: DirectoryReader.nanoseconds(info.st_ctim), inode: UInt64(info.st_ino))
        let (libraryID, generation, time) = (target.library.id, self.generation, now())
        try database.write(collectingChangesIn: changes) { db in
            try FailureStore.record(
                libraryID: libraryID, file: file, kind: TagReadError.Kind.readerFailure.rawValue,
                reason: "crashed the tag reader in an earlier scan; skipped until the file changes",
                generation: generation, now: time, db)
        }
        return recovery.suspects
    }
}
