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

    /// The columns of an album summary, over `album a` and its tracks `t`, and the sort keys.
    static let albumColumns = albumSummaryColumns + ", max(t.added_at) AS added_at"

    /// `albumColumns` but the newest track's `added_at`, which no summary holds.
    private static let albumSummaryColumns = """
        SELECT a.id, a.title, a.album_artist, coalesce(a.album_artist_sort, a.album_artist) AS album_artist_sort_key,
               coalesce(a.title_sort, a.title) AS title_sort_key, a.compilation, min(t.year) AS year,
               count(t.id) AS track_count, sum(t.duration_ms) AS duration_ms
        """

    /// The album columns an album listing in `order` selects: `added_at` only when the order
    /// sorts on it (the aggregate is a tenth of a whole-library listing's query: 87 ms against
    /// 79 at 100,000 tracks).
    static func albumColumns(orderedBy order: String) -> String {
        order.contains("added_at") ? albumColumns : albumSummaryColumns
    }

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
            WHERE EXISTS (SELECT 1 FROM track p INDEXED BY track_by_album_present WHERE p.album_id = a.id\(present))
            ORDER BY \(sql: BrowseStore.albumsByArtistAndTitle) LIMIT 1 OFFSET \(limit - 1)
            """)
        guard let lastArtist else { return nil }
        var sql: SQL = """
            \(sql: albumColumns(orderedBy: defaultAlbumOrder))
            FROM album a INDEXED BY album_by_artist_title JOIN track t INDEXED BY track_by_album_present ON t.album_id = a.id
            WHERE coalesce(a.album_artist_sort, a.album_artist) COLLATE NOCASE <= \(lastArtist)
            """
        if !includeMissing { sql.append(" AND t.missing_since IS NULL") }
        sql.append(" GROUP BY a.id ORDER BY \(sql: defaultAlbumOrder) LIMIT \(limit)")
        return try albumSummaries(sql, db)
    }

    /// The first `limit` artists (credited on a present track, or any track with
    /// `includeMissing`) in the default order: the page's artists are picked by name first
    /// (`firstCreditedArtists`), then only their tracks are counted.
    static func firstArtistsInDefaultOrder(limit: Int, includeMissing: Bool, _ db: Connection) throws -> [ArtistSummary] {
        let page = try firstCreditedArtists(limit: limit, includeMissing: includeMissing, db)
        guard !page.isEmpty else { return [] }
        let present: SQL = includeMissing ? "" : " AND t.missing_since IS NULL"
        return try artistSummaries("""
            \(sql: artistColumns)
            FROM (SELECT value AS id FROM json_each(\(JSONText.encode(ids: page)))) page
            CROSS JOIN artist ar ON ar.id = page.id JOIN track_artist ta ON ta.artist_id = ar.id JOIN track t ON t.id = ta.track_id
            WHERE 1\(present) GROUP BY ar.id ORDER BY \(sql: defaultArtistOrder)
            """, db)
    }

    /// The ids of the first `limit` artists in the default order credited on a present track
    /// (any track with `includeMissing`).
    ///
    /// The artists are read by name and each is asked for one credit until the page is
    /// full, instead of asking every artist of the library before sorting them (10,000 probes
    /// for a page of 500 at 100,000 tracks). A present credit is found in `track_present_ids`
    /// (v18), whose narrow rows are cheaper to reach than the track table's.
    static func firstCreditedArtists(limit: Int, includeMissing: Bool, _ db: Connection) throws -> [Int64] {
        guard limit > 0 else { return [] }
        // Made for this call, not cached: it stops partway, and is finalized when it goes.
        let byName = try db.makeStatement("""
            SELECT ar.id, coalesce(ar.sort_name, ar.name) AS sort_key FROM artist ar ORDER BY \(sql: defaultArtistOrder)
            """)
        var page: [Int64] = []
        try byName.bind(byName.arguments)
        while page.count < limit, try byName.step() {
            guard let id: Int64 = byName.column(0) else { continue }
            if try isCredited(artistID: id, includeMissing: includeMissing, db) { page.append(id) }
        }
        return page
    }

    /// Whether a track (a present one unless `includeMissing`) credits the artist.
    private static func isCredited(artistID: Int64, includeMissing: Bool, _ db: Connection) throws -> Bool {
        if includeMissing {
            return try db.scalar("SELECT EXISTS (SELECT 1 FROM track_artist WHERE artist_id = \(artistID))") ?? false
        }
        return try db.scalar("""
            SELECT EXISTS (SELECT 1 FROM track_artist ta CROSS JOIN track t INDEXED BY track_present_ids
                           ON (t.missing_since IS NULL) = 1 AND t.id = ta.track_id WHERE ta.artist_id = \(artistID))
            """) ?? false
    }

    /// The album summaries `sql` (selecting `albumColumns`) reads, each column read at its
    /// place in `albumColumns` (no row of values kept, no lookup by name).
    static func albumSummaries(_ sql: SQL, _ db: Connection) throws -> [AlbumSummary] {
        var summaries: [AlbumSummary] = []
        try db.makeStatement(sql).forEach { row in
            summaries.append(AlbumSummary(
                id: row.column(0) ?? 0, title: row.column(1) ?? "", albumArtist: row.column(2) ?? "",
                compilation: row.column(5) ?? false, year: row.column(6), trackCount: row.column(7) ?? 0,
                durationMs: row.column(8) ?? 0))
        }
        return summaries
    }

    /// The artist summaries `sql` (selecting `artistColumns`) reads, each column read at its
    /// place in `artistColumns`.
    static func artistSummaries(_ sql: SQL, _ db: Connection) throws -> [ArtistSummary] {
        var summaries: [ArtistSummary] = []
        try db.makeStatement(sql).forEach { row in
            summaries.append(ArtistSummary(
                id: row.column(0) ?? 0, name: row.column(1) ?? "", albumCount: row.column(3) ?? 0,
                trackCount: row.column(4) ?? 0, durationMs: row.column(5) ?? 0))
        }
        return summaries
    }
}
