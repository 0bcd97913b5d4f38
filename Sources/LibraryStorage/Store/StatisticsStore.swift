import Foundation
import LibraryCore

/// SQL for library totals.
package enum StatisticsStore {
    /// Totals over every present track: the counts of artists, album artists and
    /// compilations come from the small artist and album tables (one indexed probe each)
    /// instead of joins over every track.
    package static func statistics(_ db: Connection) throws -> LibraryStatistics {
        var stats = try totals(where: SQLFragment("1"), grouped: false, db)
        // `+` keeps SQLite from picking the totals index, so the format index covers this.
        stats.formats = try db.rows("""
            SELECT t.format, count(*) AS n FROM track t WHERE +t.missing_since IS NULL
            GROUP BY t.format ORDER BY n DESC, t.format
            """).map { FormatCount(format: $0[0] ?? "", tracks: $0[1] ?? 0) }
        stats.albums = try db.scalar("""
            SELECT count(*) FROM album a WHERE EXISTS (SELECT 1 FROM track t WHERE t.album_id = a.id AND t.missing_since IS NULL)
            """) ?? 0
        stats.artists = try db.scalar("""
            SELECT count(*) FROM artist ar WHERE EXISTS (
                SELECT 1 FROM track_artist ta JOIN track t ON t.id = ta.track_id
                WHERE ta.artist_id = ar.id AND ta.role = 'artist' AND t.missing_since IS NULL)
            """) ?? 0
        let present = "EXISTS (SELECT 1 FROM track t WHERE t.album_id = a.id AND t.missing_since IS NULL)"
        stats.albumArtists = try db.scalar("SELECT count(DISTINCT a.album_artist) FROM album a WHERE \(present)") ?? 0
        stats.compilations = try db.scalar("SELECT count(*) FROM album a WHERE a.compilation = 1 AND \(present)") ?? 0
        return stats
    }

    /// Totals over present tracks matching `condition`.
    package static func statistics(where condition: SQLFragment = SQLFragment("1"), _ db: Connection) throws -> LibraryStatistics {
        var stats = try totals(where: condition, db)
        let args = condition.arguments
        stats.artists = try db.makeStatement("""
            SELECT count(DISTINCT ta.artist_id) FROM track_artist ta JOIN track t ON t.id = ta.track_id
            WHERE ta.role = 'artist' AND t.missing_since IS NULL AND (\(condition.sql))
            """).rows(args).first?[0] ?? 0
        stats.albumArtists = try db.makeStatement("""
            SELECT count(DISTINCT a.album_artist) FROM album a JOIN track t ON t.album_id = a.id
            WHERE t.missing_since IS NULL AND (\(condition.sql))
            """).rows(args).first?[0] ?? 0
        stats.compilations = try db.makeStatement("""
            SELECT count(DISTINCT a.id) FROM album a JOIN track t ON t.album_id = a.id
            WHERE a.compilation = 1 AND t.missing_since IS NULL AND (\(condition.sql))
            """).rows(args).first?[0] ?? 0
        return stats
    }

    /// Track counts, length, size, formats and library-wide facts.
    private static func totals(where condition: SQLFragment, grouped: Bool = true, _ db: Connection) throws -> LibraryStatistics {
        // Without `grouped`, albums and formats are left for the caller to count from indexes.
        var stats = LibraryStatistics()
        let args = condition.arguments
        let present = "FROM track t WHERE t.missing_since IS NULL AND (\(condition.sql))"
        let albums = grouped ? "count(DISTINCT t.album_id)" : "0"
        if let row = try db.makeStatement("""
            SELECT count(*), coalesce(sum(t.duration_ms), 0), coalesce(sum(t.file_size), 0), \(albums) \(present)
            """).rows(args).first {
            stats.tracks = row[0] ?? 0
            stats.totalDurationMs = row[1] ?? 0
            stats.totalBytes = row[2] ?? 0
            stats.albums = row[3] ?? 0
        }
        if grouped {
            stats.formats = try db.makeStatement("SELECT t.format, count(*) AS n \(present) GROUP BY t.format ORDER BY n DESC, t.format")
                .rows(args).map { FormatCount(format: $0[0] ?? "", tracks: $0[1] ?? 0) }
        }
        stats.missingTracks = try db.scalar("SELECT count(*) FROM track WHERE missing_since IS NOT NULL") ?? 0
        // `t.damage IS NOT NULL` lets SQLite walk the partial index of damaged tracks only.
        stats.damagedTracks = try db.makeStatement("""
            SELECT count(*) FROM track t WHERE t.damage IS NOT NULL AND t.missing_since IS NULL AND (\(condition.sql))
            """).rows(args).first?[0] ?? 0
        stats.unreadableFiles = try db.scalar("SELECT count(*) FROM scan_failure") ?? 0
        stats.libraries = try db.scalar("SELECT count(*) FROM library") ?? 0
        stats.lastScanAt = (try db.scalar("SELECT max(last_scan_finished_at) FROM library") as Int64?)
            .map { Date(timeIntervalSince1970: Double($0)) }
        return stats
    }
}
