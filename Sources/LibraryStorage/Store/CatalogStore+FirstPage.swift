import Foundation
import LibraryCore

/// The first page of the album and artist listings over the whole library in their default
/// order (what the web app and `kanora albums` ask most), without aggregating every track.
extension CatalogStore {
    /// The condition of an empty query.
    static let everything: SQL = "1"

    /// The ORDER BY of the album listing's default order.
    static let defaultAlbumOrder = LibraryCore.SortOrder.defaultOrder(for: .albums).sql(for: .albums)

    /// The ORDER BY of the artist listing's default order.
    static let defaultArtistOrder = LibraryCore.SortOrder.defaultOrder(for: .artists).sql(for: .artists)

    /// The columns of an album summary, over `album a` and its tracks `t`.
    static let albumColumns = """
        SELECT a.id, a.title, a.album_artist, coalesce(a.album_artist_sort, a.album_artist) AS album_artist_sort_key,
               coalesce(a.title_sort, a.title) AS title_sort_key, a.compilation, min(t.year) AS year,
               count(t.id) AS track_count, sum(t.duration_ms) AS duration_ms, max(t.added_at) AS added_at
        """

    /// The columns of an artist summary, over `artist ar` and its tracks `t`.
    static let artistColumns = """
        SELECT ar.id, ar.name, coalesce(ar.sort_name, ar.name) AS sort_key,
               count(DISTINCT t.album_id) AS album_count, count(DISTINCT t.id) AS track_count,
               sum(t.duration_ms) AS duration_ms
        """

    /// The first `limit` albums (with a present track, or any track with `includeMissing`)
    /// in the default order; nil when the library has no more than `limit` albums.
    ///
    /// The default order starts with the album artist, which `album_by_artist_title` indexes:
    /// the `limit`-th album in that index's order bounds the page's album artists (at least
    /// `limit` albums come no later), so only the albums up to that artist are aggregated and
    /// sorted by year and title, reading their tracks through `track_by_album_present`.
    static func firstAlbumsInDefaultOrder(limit: Int, includeMissing: Bool, _ db: Connection) throws -> [AlbumSummary]? {
        guard limit > 0 else { return nil }
        let present: SQL = includeMissing ? "" : " AND p.missing_since IS NULL"
        let lastArtist: String? = try db.scalar("""
            SELECT coalesce(a.album_artist_sort, a.album_artist) FROM album a
            WHERE EXISTS (SELECT 1 FROM track p WHERE p.album_id = a.id\(present))
            ORDER BY \(sql: BrowseStore.albumsByArtistAndTitle) LIMIT 1 OFFSET \(limit - 1)
            """)
        guard let lastArtist else { return nil }
        var sql: SQL = """
            \(sql: albumColumns)
            FROM album a INDEXED BY album_by_artist_title JOIN track t INDEXED BY track_by_album_present ON t.album_id = a.id
            WHERE coalesce(a.album_artist_sort, a.album_artist) COLLATE NOCASE <= \(lastArtist)
            """
        if !includeMissing { sql.append(" AND t.missing_since IS NULL") }
        sql.append(" GROUP BY a.id ORDER BY \(sql: defaultAlbumOrder) LIMIT \(limit)")
        return try albumSummaries(sql, db)
    }

    /// The first `limit` artists (credited on a present track, or any track with
    /// `includeMissing`) in the default order: the page's artists are picked by name first,
    /// then only their tracks are counted.
    static func firstArtistsInDefaultOrder(limit: Int, includeMissing: Bool, _ db: Connection) throws -> [ArtistSummary] {
        let present: SQL = includeMissing ? "" : " AND t.missing_since IS NULL"
        return try artistSummaries("""
            \(sql: artistColumns)
            FROM (SELECT ar.id FROM artist ar
                  WHERE EXISTS (SELECT 1 FROM track_artist ta JOIN track t ON t.id = ta.track_id WHERE ta.artist_id = ar.id\(present))
                  ORDER BY coalesce(ar.sort_name, ar.name) COLLATE NOCASE, ar.id LIMIT \(limit)) page
            CROSS JOIN artist ar ON ar.id = page.id JOIN track_artist ta ON ta.artist_id = ar.id JOIN track t ON t.id = ta.track_id
            WHERE 1\(present) GROUP BY ar.id ORDER BY \(sql: defaultArtistOrder)
            """, db)
    }

    /// The album summaries `sql` (selecting `albumColumns`) reads.
    static func albumSummaries(_ sql: SQL, _ db: Connection) throws -> [AlbumSummary] {
        try db.makeStatement(sql).rows().map { row in
            AlbumSummary(
                id: row["id"] ?? 0, title: row["title"] ?? "", albumArtist: row["album_artist"] ?? "",
                compilation: row["compilation"] ?? false, year: row["year"], trackCount: row["track_count"] ?? 0,
                durationMs: row["duration_ms"] ?? 0)
        }
    }

    /// The artist summaries `sql` (selecting `artistColumns`) reads.
    static func artistSummaries(_ sql: SQL, _ db: Connection) throws -> [ArtistSummary] {
        try db.makeStatement(sql).rows().map { row in
            ArtistSummary(
                id: row["id"] ?? 0, name: row["name"] ?? "", albumCount: row["album_count"] ?? 0,
                trackCount: row["track_count"] ?? 0, durationMs: row["duration_ms"] ?? 0)
        }
    }
}
