import Foundation
import LibraryCore

/// SQL for each user's stars, ratings and play counts (`track_annotation`,
/// `album_annotation`, `artist_annotation`). A row with no mark left is deleted, so an
/// item without a row has `Annotation.none`.
package enum AnnotationStore {
    /// The tables of one kind of item: names are constants, never input.
    struct Kind {
        let table: String
        let column: String
        let items: String
        let hasPlays: Bool
        let item: @Sendable (Int64) -> AnnotatedItem

        static let track = Kind(table: "track_annotation", column: "track_id", items: "track", hasPlays: true, item: AnnotatedItem.track)
        static let album = Kind(table: "album_annotation", column: "album_id", items: "album", hasPlays: true, item: AnnotatedItem.album)
        static let artist = Kind(table: "artist_annotation", column: "artist_id", items: "artist", hasPlays: false, item: AnnotatedItem.artist)

        static func of(_ item: AnnotatedItem) -> (kind: Kind, id: Int64) {
            switch item {
            case .track(let id): (.track, id)
            case .album(let id): (.album, id)
            case .artist(let id): (.artist, id)
            }
        }
    }

    /// The items that do not exist (no such track, album or artist), in the order given.
    package static func unknown(_ items: [AnnotatedItem], _ db: Connection) throws -> [AnnotatedItem] {
        try items.filter { item in
            let (kind, id) = Kind.of(item)
            let found: Int64? = try db.scalar("SELECT 1 FROM \(sql: kind.items) WHERE id = \(id)")
            return found == nil
        }
    }

    /// Stars an item at `now`, keeping the first date of an item already starred.
    package static func star(_ item: AnnotatedItem, userID: Int64, now: Date, _ db: Connection) throws {
        let (kind, id) = Kind.of(item)
        try db.execute("""
            INSERT INTO \(sql: kind.table) (user_id, \(sql: kind.column), starred_at)
            VALUES (\(userID), \(id), \(Int64(now.timeIntervalSince1970)))
            ON CONFLICT (user_id, \(sql: kind.column)) DO UPDATE SET starred_at = coalesce(starred_at, excluded.starred_at)
            """)
    }

    /// Removes an item's star.
    package static func unstar(_ item: AnnotatedItem, userID: Int64, _ db: Connection) throws {
        let (kind, id) = Kind.of(item)
        try db.execute("UPDATE \(sql: kind.table) SET starred_at = NULL WHERE user_id = \(userID) AND \(sql: kind.column) = \(id)")
        try deleteIfEmpty(kind, id: id, userID: userID, db)
    }

    /// Sets (1 to 5) or clears (nil) an item's rating; the value must already be checked.
    package static func setRating(_ rating: Int?, for item: AnnotatedItem, userID: Int64, _ db: Connection) throws {
        let (kind, id) = Kind.of(item)
        try db.execute("""
            INSERT INTO \(sql: kind.table) (user_id, \(sql: kind.column), rating) VALUES (\(userID), \(id), \(rating))
            ON CONFLICT (user_id, \(sql: kind.column)) DO UPDATE SET rating = excluded.rating
            """)
        if rating == nil { try deleteIfEmpty(kind, id: id, userID: userID, db) }
    }

    /// Counts one play of a track at `date`, and one of its album.
    package static func recordPlay(trackID: Int64, at date: Date, userID: Int64, _ db: Connection) throws {
        let seconds = Int64(date.timeIntervalSince1970)
        var targets: [(Kind, Int64)] = [(.track, trackID)]
        if let albumID: Int64 = try db.scalar("SELECT album_id FROM track WHERE id = \(trackID)") {
            targets.append((.album, albumID))
        }
        for (kind, id) in targets {
            try db.execute("""
                INSERT INTO \(sql: kind.table) (user_id, \(sql: kind.column), play_count, last_played_at)
                VALUES (\(userID), \(id), 1, \(seconds))
                ON CONFLICT (user_id, \(sql: kind.column)) DO UPDATE SET play_count = play_count + 1,
                    last_played_at = max(coalesce(last_played_at, excluded.last_played_at), excluded.last_played_at)
                """)
        }
    }

    /// The user's marks on these items; items without any are absent.
    package static func annotations(for items: [AnnotatedItem], userID: Int64, _ db: Connection) throws -> [AnnotatedItem: Annotation] {
        var ids: [String: [Int64]] = [:]
        for item in items {
            let (kind, id) = Kind.of(item)
            ids[kind.table, default: []].append(id)
        }
        var result: [AnnotatedItem: Annotation] = [:]
        for kind in [Kind.track, .album, .artist] {
            guard let wanted = ids[kind.table] else { continue }
            let plays = kind.hasPlays ? "play_count, last_played_at" : "0 AS play_count, NULL AS last_played_at"
            let rows = try db.rows("""
                SELECT \(sql: kind.column) AS item_id, starred_at, rating, \(sql: plays) FROM \(sql: kind.table)
                WHERE user_id = \(userID) AND \(sql: kind.column) IN (SELECT value FROM json_each(\(JSONText.encode(ids: wanted))))
                """)
            for row in rows {
                result[kind.item(row["item_id"] ?? 0)] = Annotation(
                    starredAt: date(row["starred_at"]), rating: row["rating"], playCount: row["play_count"] ?? 0,
                    lastPlayedAt: date(row["last_played_at"]))
            }
        }
        return result
    }

    private static func deleteIfEmpty(_ kind: Kind, id: Int64, userID: Int64, _ db: Connection) throws {
        let plays = kind.hasPlays ? " AND play_count = 0" : ""
        try db.execute("""
            DELETE FROM \(sql: kind.table) WHERE user_id = \(userID) AND \(sql: kind.column) = \(id)
            AND starred_at IS NULL AND rating IS NULL\(sql: plays)
            """)
    }

    private static func date(_ seconds: Int64?) -> Date? {
        seconds.map { Date(timeIntervalSince1970: Double($0)) }
    }
}
