import Foundation
import LibraryCore

/// SQL for `play_queue`: one saved queue per user.
package enum PlayQueueStore {
    /// The user's saved queue, if any.
    package static func find(userID: Int64, _ db: Connection) throws -> PlayQueue? {
        guard let row = try db.row("""
            SELECT track_ids, current_track_id, position_ms, changed_at, changed_by FROM play_queue WHERE user_id = \(userID)
            """)
        else { return nil }
        let ids = try JSONSerialization.jsonObject(with: Data((row["track_ids"] as String? ?? "[]").utf8)) as? [NSNumber] ?? []
        return PlayQueue(
            trackIDs: ids.map(\.int64Value), currentTrackID: row["current_track_id"], positionMs: row["position_ms"] ?? 0,
            changedAt: Date(timeIntervalSince1970: Double(row["changed_at"] as Int64? ?? 0) / 1000), changedBy: row["changed_by"])
    }

    /// Saves (replaces) the user's queue; its values must already be checked.
    package static func save(_ queue: PlayQueue, userID: Int64, _ db: Connection) throws {
        try db.execute("""
            INSERT OR REPLACE INTO play_queue (user_id, track_ids, current_track_id, position_ms, changed_at, changed_by)
            VALUES (\(userID), \(JSONText.encode(ids: queue.trackIDs)), \(queue.currentTrackID), \(queue.positionMs),
                    \(Int64((queue.changedAt.timeIntervalSince1970 * 1000).rounded())), \(queue.changedBy))
            """)
    }

    /// Deletes the user's queue.
    package static func delete(userID: Int64, _ db: Connection) throws {
        try db.execute("DELETE FROM play_queue WHERE user_id = \(userID)")
    }
}
