import Foundation
import LibraryCore
import LibraryStorage

/// The scan's end, once every batch is written.
extension ScanEngine {
    /// Ends the scan: merges the search indexes a bulk scan wrote, builds the indexes a first
    /// scan deferred, marks the unreached folders' tracks missing, matches moved and upgraded
    /// files to the tracks they replace, sweeps orphans, and completes the summary.
    func finish() throws {
        let (libraryID, generation, scope, finishTime) = (target.library.id, self.generation, target.scope, now())
        let previousStart = self.previousStart
        // The folders stored under the scope that the walk did not reach (left in
        // `storedFolders`) are the unseen ones: their tracks are missing, and rows left
        // without tracks go. Folders seen unchanged are not written at all. Only a scan that
        // rewrote tracks can have left an album or artist without any: a scan that found
        // nothing changed skips that sweep, a pass over two whole tables.
        let unreached = storedFolders.unreachedIDs
        // A scan that indexed at least as many tracks as there were (a first scan, or one that
        // re-read a retagged library) wrote most of the search index's segments: merged into
        // one, every query looks each term up once. The merge rewrites about what the scan
        // wrote, so a scan that changed a few tracks leaves it to FTS5's own merging. The
        // track index is merged before the deferred indexes are built, which then fill the
        // pages it frees (8 MB at 100,000 tracks) instead of growing the file.
        let mergeSearch = Int64(summary.added + summary.updated) >= max(1, tracksBefore)
        if mergeSearch { try database.writeWithoutTransaction { db in try SearchSegments.merge(tables: ["track_search"], db) } }
        try database.writeWithoutTransaction { db in try ScanIndexes.restore(db) }
        let tracksRewritten = summary.added + summary.updated + summary.moved > 0
        let unchangedFailures = self.unchangedFailures
        let (swept, matches) = try database.write(collectingChangesIn: changes) { db in
            try FailureStore.markSeen(libraryID: libraryID, pathTexts: unchangedFailures, generation: generation, now: finishTime, db)
            let swept = try TrackStore.markMissing(inFolders: unreached, now: finishTime, db)
            try FolderStore.forgetFingerprints(ids: unreached, db)
            let matcher = HistoryMatcher(
                libraryID: libraryID, addedAfter: try MoveStore.completedGeneration(libraryID: libraryID, db),
                otherLibrariesSince: previousStart, isGone: DirectoryReader.isGone)
            let matches = try matcher.run(now: finishTime, db)
            try MoveStore.complete(libraryID: libraryID, generation: generation, db)
            try FailureStore.removeStale(libraryID: libraryID, generation: generation, under: scope, db)
            try FolderStore.deleteUnused(ids: unreached, db)
            if tracksRewritten || !matches.moves.isEmpty || !matches.upgrades.isEmpty { try CatalogStore.deleteOrphans(db) }
            try LibraryStore.finishScan(id: libraryID, now: finishTime, db)
            return (swept, matches)
        }
        // The artist and album indexes after the sweep: the orphans it deletes would leave each a segment.
        if mergeSearch {
            try database.writeWithoutTransaction { db in try SearchSegments.merge(tables: ["artist_search", "album_search"], db) }
        }
        newlyMissing.formUnion(swept)
        tookOver.formUnion(matches.kept)
        summary.moved += matches.moves.count
        summary.upgraded = matches.upgrades.count
        summary.upgrades = matches.upgrades
        summary.missing = newlyMissing.subtracting(tookOver).count
        summary.added = max(0, summary.added - matches.mergedNewRows)
        summary.library.lastScanAt = finishTime.wholeSeconds
    }
}
