import Foundation
import LibraryCore

/// SQL for deleting missing tracks for good.
package enum PruneStore {
    /// Deletes the missing tracks (of one library, or all), their playlist entries and any
    /// album or artist left empty; keeps playlist positions contiguous. With `dryRun`,
    /// reports the same without deleting.
    package static func prune(libraryID: Int64?, dryRun: Bool, _ db: Connection) throws -> PruneReport {
        let scope: SQL = libraryID.map { " AND t.library_id = \($0)" } ?? ""
        var report = PruneReport()
        report.tracks = try db.makeStatement("SELECT t.path_text FROM track t WHERE t.missing_since IS NOT NULL\(scope) ORDER BY t.path_text")
            .rows().compactMap { $0[0] }
        report.playlistEntries = try db.makeStatement("""
            SELECT p.name, i.position, t.title, t.path_text FROM playlist_item i
            JOIN playlist p ON p.id = i.playlist_id JOIN track t ON t.id = i.track_id
            WHERE t.missing_since IS NOT NULL\(scope) ORDER BY p.name_key, i.position
            """).rows().map {
                PrunedEntry(
                    playlist: $0["name"] ?? "", position: ($0["position"] ?? 0) + 1, trackTitle: $0["title"] ?? "",
                    path: $0["path_text"] ?? "")
            }
        guard !dryRun, !report.tracks.isEmpty else { return report }
        let affected: [Int64] = try db.makeStatement("""
            SELECT DISTINCT i.playlist_id FROM playlist_item i JOIN track t ON t.id = i.track_id
            WHERE t.missing_since IS NOT NULL\(scope)
            """).rows().compactMap { $0[0] }
        let trackScope: SQL = libraryID.map { " AND library_id = \($0)" } ?? ""
        try db.makeStatement("DELETE FROM track WHERE missing_since IS NOT NULL\(trackScope)").execute()
        for playlistID in affected {
            try db.execute("""
                UPDATE playlist_item SET position = (
                    SELECT count(*) FROM playlist_item other
                    WHERE other.playlist_id = playlist_item.playlist_id
                      AND (other.position < playlist_item.position
                           OR (other.position = playlist_item.position AND other.id < playlist_item.id))
                ) WHERE playlist_id = \(playlistID)
                """)
        }
        try CatalogStore.deleteOrphans(db)
        // Folders left without tracks that the last scan did not reach (their fingerprint
        // forgotten) are gone; those it reached stay, to be skipped while unchanged.
        try db.execute("DELETE FROM folder WHERE fingerprint IS NULL AND NOT EXISTS (SELECT 1 FROM track WHERE track.folder_id = folder.id)")
        return report
    }
}
