import Foundation
import LibraryCore

/// SQL for library totals.
package enum StatisticsStore {
    /// Totals over every present track: the counts of artists, album artists and
    /// compilations come from the small artist and album tables (one indexed probe each)
    /// instead of joins over every track.
    package static func statistics(_ db: Connection) throws -> LibraryStatistics {
        var stats = try totals(where: "1", grouped: false, db)
        // `+` keeps SQLite from picking the totals index, so the format index covers this.
        stats.formats = try db.rows("""
            SELECT t.format, count(*) AS n FROM track t WHERE +t.missing_since IS NULL
            GROUP BY t.format ORDER BY n DESC, t.format
            """).map(formatCount)
        stats.albums = try db.scalar("""
            SELECT count(*) FROM album a WHERE \(BrowseStore.presentAlbum())
            """) ?? 0
        stats.artists = try db.scalar("""
            SELECT count(*) FROM artist ar WHERE EXISTS (
                SELECT 1 FROM track_artist ta JOIN track t ON t.id = ta.track_id
                WHERE ta.artist_id = ar.id AND ta.role = 'artist' AND t.missing_since IS NULL)
            """) ?? 0
        let present = BrowseStore.presentAlbum()
        stats.albumArtists = try db.scalar("SELECT count(DISTINCT a.album_artist) FROM album a WHERE \(present)") ?? 0
        stats.compilations = try db.scalar("SELECT count(*) FROM album a WHERE a.compilation = 1 AND \(present)") ?? 0
        return stats
    }

    /// Totals over present tracks matching `condition`.
    package static func statistics(where condition: SQL = "1", _ db: Connection) throws -> LibraryStatistics {
        var stats = try totals(where: condition, db)
        stats.artists = try count("""
            SELECT count(DISTINCT ta.artist_id) FROM track_artist ta JOIN track t ON t.id = ta.track_id
            WHERE ta.role = 'artist' AND t.missing_since IS NULL AND (\(condition))
            """, db)
        stats.albumArtists = try count("""
            SELECT count(DISTINCT a.album_artist) FROM album a JOIN track t ON t.album_id = a.id
            WHERE t.missing_since IS NULL AND (\(condition))
            """, db)
        stats.compilations = try count("""
            SELECT count(DISTINCT a.id) FROM album a JOIN track t ON t.album_id = a.id
            WHERE a.compilation = 1 AND t.missing_since IS NULL AND (\(condition))
            """, db)
        return stats
    }

    /// The count a query over a compiled condition answers, run from a statement of its own
    /// (the condition's text is one call's).
    private static func count(_ sql: SQL, _ db: Connection) throws -> Int {
        try db.makeStatement(sql).rows().first?[0] ?? 0
    }

    /// A row of `format, n`.
    private static func formatCount(_ row: Row) -> FormatCount {
        FormatCount(format: row["format"] ?? "", tracks: row["n"] ?? 0)
    }

    /// Track counts, length, size, formats and library-wide facts.
    private static func totals(where condition: SQL, grouped: Bool = true, _ db: Connection) throws -> LibraryStatistics {
        // Without `grouped`, albums and formats are left for the caller to count from indexes.
        var stats = LibraryStatistics()
        let present: SQL = "FROM track t WHERE t.missing_since IS NULL AND (\(condition))"
        let albums = grouped ? "count(DISTINCT t.album_id)" : "0"
        if let row = try db.makeStatement("""
            SELECT count(*) AS tracks, coalesce(sum(t.duration_ms), 0) AS duration_ms, coalesce(sum(t.file_size), 0) AS bytes, \
            \(sql: albums) AS albums \(present)
            """).rows().first {
            stats.tracks = row["tracks"] ?? 0
            stats.totalDurationMs = row["duration_ms"] ?? 0
            stats.totalBytes = row["bytes"] ?? 0
            stats.albums = row["albums"] ?? 0
        }
        if grouped {
            stats.formats = try db.makeStatement("SELECT t.format, count(*) AS n \(present) GROUP BY t.format ORDER BY n DESC, t.format")
                .rows().map(formatCount)
        }
        stats.missingTracks = try db.scalar("SELECT count(*) FROM track WHERE missing_since IS NOT NULL") ?? 0
        // `t.damage IS NOT NULL` lets SQLite walk the partial index of damaged tracks only.
        stats.damagedTracks = try count("""
            SELECT count(*) FROM track t WHERE t.damage IS NOT NULL AND t.missing_since IS NULL AND (\(condition))
            """, db)
        stats.unreadableFiles = try db.scalar("SELECT count(*) FROM scan_failure") ?? 0
        stats.libraries = try db.scalar("SELECT count(*) FROM library") ?? 0
        stats.lastScanAt = (try db.scalar("SELECT max(last_scan_finished_at) FROM library") as Int64?)
            .map { Date(timeIntervalSince1970: Double($0)) }
        return stats
    }
}
