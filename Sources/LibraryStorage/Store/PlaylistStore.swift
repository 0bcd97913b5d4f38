import Foundation
import LibraryCore

/// SQL for `playlist` and `playlist_item`. Positions are stored 0-based and kept contiguous.
package enum PlaylistStore {
    static let select: SQL = """
        SELECT p.id, p.name, p.description, p.smart_query, p.smart_sort, p.smart_limit,
               (SELECT count(*) FROM playlist_item i WHERE i.playlist_id = p.id) AS track_count,
               (SELECT coalesce(sum(t.duration_ms), 0) FROM playlist_item i JOIN track t ON t.id = i.track_id WHERE i.playlist_id = p.id)
                   AS duration_ms,
               p.created_at, p.updated_at
        FROM playlist p
        """

    /// The owner's playlists by name.
    package static func all(userID: Int64, _ db: Connection) throws -> [Playlist] {
        try db.rows("\(select) WHERE p.user_id = \(userID) ORDER BY p.name_key").map(decode)
    }

    /// The owner's playlist with this name (ignoring case).
    package static func find(name: String, userID: Int64, _ db: Connection) throws -> Playlist? {
        try db.row("\(select) WHERE p.user_id = \(userID) AND p.name_key = \(PlaylistRules.name.key(for: name))").map(decode)
    }

    /// The playlist with this id, if it exists.
    package static func find(id: Int64, _ db: Connection) throws -> Playlist? {
        try db.row("\(select) WHERE p.id = \(id)").map(decode)
    }

    /// The id of the user a playlist belongs to; nil when there is no such playlist.
    package static func owner(ofPlaylist id: Int64, _ db: Connection) throws -> Int64? {
        try db.scalar("SELECT user_id FROM playlist WHERE id = \(id)")
    }

    /// Sets or clears a playlist's description; it must already be validated.
    package static func setDescription(_ description: String?, id: Int64, now: Date, _ db: Connection) throws {
        try db.execute("UPDATE playlist SET description = \(description), updated_at = \(Int64(now.timeIntervalSince1970)) WHERE id = \(id)")
    }

    /// Creates a playlist; fields must already be validated.
    package static func insert(
        name: String, description: String?, smartQuery: String?, smartSort: String?, smartLimit: Int?,
        userID: Int64, now: Date, _ db: Connection
    ) throws -> Int64 {
        let seconds = Int64(now.timeIntervalSince1970)
        try db.execute("""
            INSERT INTO playlist (user_id, name, name_key, description, smart_query, smart_sort, smart_limit, created_at, updated_at)
            VALUES (\(userID), \(name), \(PlaylistRules.name.key(for: name)), \(description), \(smartQuery), \(smartSort), \(smartLimit),
                    \(seconds), \(seconds))
            """)
        return db.lastInsertedRowID
    }

    /// Deletes a playlist and its entries.
    package static func delete(id: Int64, _ db: Connection) throws {
        try db.execute("DELETE FROM playlist WHERE id = \(id)")
    }

    /// Renames a playlist; the name must already be validated and free.
    package static func rename(id: Int64, to name: String, now: Date, _ db: Connection) throws {
        try db.execute("""
            UPDATE playlist SET name = \(name), name_key = \(PlaylistRules.name.key(for: name)), updated_at = \(Int64(now.timeIntervalSince1970))
            WHERE id = \(id)
            """)
    }

    /// Drops a playlist's saved query, making it a normal playlist.
    package static func clearSmartQuery(id: Int64, now: Date, _ db: Connection) throws {
        try db.execute("""
            UPDATE playlist SET smart_query = NULL, smart_sort = NULL, smart_limit = NULL, updated_at = \(Int64(now.timeIntervalSince1970))
            WHERE id = \(id)
            """)
    }

    /// The ids of the tracks in a playlist that satisfy `condition` (over `track AS t`).
    package static func trackIDs(playlistID: Int64, matching condition: SQL, _ db: Connection) throws -> Set<Int64> {
        Set(try db.values("""
            SELECT t.id FROM track t JOIN library l ON l.id = t.library_id
            WHERE t.id IN (SELECT track_id FROM playlist_item WHERE playlist_id = \(playlistID)) AND (\(condition))
            """, as: Int64.self))
    }

    /// The track ids of a playlist in order.
    package static func trackIDs(playlistID: Int64, _ db: Connection) throws -> [Int64] {
        try db.values("SELECT track_id FROM playlist_item WHERE playlist_id = \(playlistID) ORDER BY position, id")
    }

    /// The entries of a playlist in order, with their tracks (missing ones included),
    /// numbered 1... by order so positions stay contiguous even after tracks are pruned.
    package static func entries(playlistID: Int64, _ db: Connection) throws -> [PlaylistEntry] {
        // Sized once and filled in place: growing an array of 5,000 wide tracks, then mapping
        // it to entries, copied them three times over (memmove and page faults were a fifth of
        // a 5,000-entry getPlaylist's profile).
        var entries: [PlaylistEntry] = []
        entries.reserveCapacity(try db.scalar("SELECT count(*) FROM playlist_item WHERE playlist_id = \(playlistID)") ?? 0)
        try TrackStore.forEachTrack(try entriesStatement(playlistID: playlistID, db)) {
            entries.append(PlaylistEntry(position: entries.count + 1, track: $0))
        }
        return entries
    }

    /// The statement `entries(playlistID:_:)` reads: every track column of each entry, in order.
    package static func entriesStatement(playlistID: Int64, _ db: Connection) throws -> Statement {
        try db.cachedStatement("""
            SELECT \(sql: TrackColumns.selectList)
            FROM playlist_item i JOIN track t ON t.id = i.track_id JOIN library l ON l.id = t.library_id
            WHERE i.playlist_id = \(playlistID) ORDER BY i.position, i.id
            """)
    }

    /// Replaces a playlist's entries with `trackIDs` in order (positions 0..n-1).
    package static func setTrackIDs(_ trackIDs: [Int64], playlistID: Int64, now: Date, _ db: Connection) throws {
        let seconds = Int64(now.timeIntervalSince1970)
        let existing = try db.rows("SELECT track_id, added_at FROM playlist_item WHERE playlist_id = \(playlistID) ORDER BY position")
        var addedAt: [Int64: [Int64]] = [:]
        for row in existing {
            if let id: Int64 = row["track_id"], let added: Int64 = row["added_at"] { addedAt[id, default: []].append(added) }
        }
        try db.execute("DELETE FROM playlist_item WHERE playlist_id = \(playlistID)")
        let insert = try db.cachedStatement("INSERT INTO playlist_item (playlist_id, position, track_id, added_at) VALUES (?, ?, ?, ?)")
        for (position, trackID) in trackIDs.enumerated() {
            let added = addedAt[trackID]?.isEmpty == false ? addedAt[trackID]!.removeFirst() : seconds
            try insert.execute { arguments in
                arguments.bind(playlistID)
                arguments.bind(position)
                arguments.bind(trackID)
                arguments.bind(added)
            }
        }
        try db.execute("UPDATE playlist SET updated_at = \(seconds) WHERE id = \(playlistID)")
    }

    static func decode(_ row: Row) -> Playlist {
        Playlist(
            id: row["id"] ?? 0, name: row["name"] ?? "", description: row["description"], smartQuery: row["smart_query"],
            smartSort: row["smart_sort"], smartLimit: row["smart_limit"], trackCount: row["track_count"] ?? 0,
            durationMs: row["duration_ms"] ?? 0,
            createdAt: Date(timeIntervalSince1970: Double(row["created_at"] as Int64? ?? 0)),
            updatedAt: Date(timeIntervalSince1970: Double(row["updated_at"] as Int64? ?? 0)))
    }
}
