import Foundation
import LibraryCore

/// Two tracks to make one: `oldID` survives, `newID` is deleted.
package struct TrackMergePair: Sendable, Equatable {
    package var oldID: Int64
    package var newID: Int64
    /// Whether the survivor takes the new track's file (path, library, tags, audio
    /// properties); otherwise it keeps its own and only the history is carried over.
    package var takesFile: Bool

    package init(oldID: Int64, newID: Int64, takesFile: Bool = true) {
        self.oldID = oldID
        self.newID = newID
        self.takesFile = takesFile
    }
}

extension MoveStore {
    /// Makes each missing track `oldID` take over the file, tags and links of its `newID`,
    /// then deletes the `newID` rows: old ids, added-at and playlist entries survive the
    /// moves (see `merge(_:)` with pairs for the history rules).
    package static func merge(_ moves: [(oldID: Int64, newID: Int64)], _ db: Connection) throws {
        try merge(moves.map { TrackMergePair(oldID: $0.oldID, newID: $0.newID) }, db)
    }

    /// Merges each pair into its old track, set-based (a handful of statements for any
    /// number of pairs), and deletes the new rows. The survivor keeps the old id and gets:
    /// - the new file, library, tags and audio properties when `takesFile`;
    /// - the earlier of the two added-at dates;
    /// - every playlist entry of both (the new track's entries point at the old id);
    /// - per user: play counts summed, the later last-played date, the earlier star date
    ///   (starred if either was), and a rating if either has one: the new track's rating
    ///   when both do, since it was given to the file that is kept, after the old one had
    ///   already been rated;
    /// - play queue entries of the new id, rewritten to the old id.
    package static func merge(_ pairs: [TrackMergePair], _ db: Connection) throws {
        guard !pairs.isEmpty else { return }
        try db.execute("""
            CREATE TEMP TABLE IF NOT EXISTS merge_pair (
                old INTEGER PRIMARY KEY, new INTEGER NOT NULL UNIQUE, path_text TEXT NOT NULL, takes_file INTEGER NOT NULL);
            DELETE FROM temp.merge_pair;
            """)
        let insert = try db.cachedStatement("""
            INSERT INTO temp.merge_pair (old, new, path_text, takes_file) SELECT ?, id, path_text, ? FROM track WHERE id = ?
            """)
        for pair in pairs {
            try insert.execute { arguments in
                arguments.bind(pair.oldID)
                arguments.bind(pair.takesFile)
                arguments.bind(pair.newID)
            }
        }
        let columns = TrackStore.valueColumns
        try db.execute("""
            UPDATE track SET path_text = path_text || ' (moving ' || id || ')' WHERE id IN (SELECT new FROM temp.merge_pair WHERE takes_file);
            UPDATE track SET \(sql: columns.map { "\($0) = n.\($0)" }.joined(separator: ", ")),
                library_id = n.library_id, path_text = p.path_text, missing_since = n.missing_since
            FROM temp.merge_pair p JOIN track n ON n.id = p.new
            WHERE track.id = p.old AND p.takes_file;
            UPDATE track SET added_at = n.added_at
            FROM temp.merge_pair p JOIN track n ON n.id = p.new
            WHERE track.id = p.old AND n.added_at < track.added_at;
            DELETE FROM track_artist WHERE track_id IN (SELECT old FROM temp.merge_pair WHERE takes_file);
            UPDATE track_artist SET track_id = p.old FROM temp.merge_pair p WHERE track_artist.track_id = p.new AND p.takes_file;
            UPDATE playlist_item SET track_id = p.old FROM temp.merge_pair p WHERE playlist_item.track_id = p.new;
            INSERT INTO track_annotation (user_id, track_id, starred_at, rating, play_count, last_played_at)
            SELECT a.user_id, p.old, a.starred_at, a.rating, a.play_count, a.last_played_at
            FROM track_annotation a JOIN temp.merge_pair p ON a.track_id = p.new WHERE true
            ON CONFLICT (user_id, track_id) DO UPDATE SET
                starred_at = CASE WHEN starred_at IS NULL OR excluded.starred_at IS NULL THEN coalesce(starred_at, excluded.starred_at)
                                  ELSE min(starred_at, excluded.starred_at) END,
                rating = coalesce(excluded.rating, rating),
                play_count = play_count + excluded.play_count,
                last_played_at = CASE WHEN last_played_at IS NULL OR excluded.last_played_at IS NULL
                                      THEN coalesce(last_played_at, excluded.last_played_at)
                                      ELSE max(last_played_at, excluded.last_played_at) END;
            UPDATE play_queue SET
                track_ids = (SELECT json_group_array(coalesce(p.old, j.value))
                             FROM json_each(play_queue.track_ids) j LEFT JOIN temp.merge_pair p ON p.new = j.value),
                current_track_id = coalesce((SELECT old FROM temp.merge_pair WHERE new = play_queue.current_track_id), current_track_id)
            WHERE current_track_id IN (SELECT new FROM temp.merge_pair)
               OR EXISTS (SELECT 1 FROM json_each(play_queue.track_ids) j JOIN temp.merge_pair p ON p.new = j.value);
            DELETE FROM track WHERE id IN (SELECT new FROM temp.merge_pair);
            DELETE FROM temp.merge_pair;
            """)
    }
}
