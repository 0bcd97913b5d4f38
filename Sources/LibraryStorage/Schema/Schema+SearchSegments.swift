import LibraryCore

extension Schema {
    /// Merges `track_search` and `artist_search` into one segment each, once, as a scan that
    /// indexes most of the tracks now does at its end (`SearchSegments`): a database scanned
    /// before this version keeps the segments its scans left (16 at 100,000 tracks, 21 at a
    /// million), and every term a query looks up is looked up in each. FTS5's `optimize`
    /// rewrites the index in one transaction: 3.3 s and 7.5 MB of memory at a million
    /// tracks (sqlite3 shell), nothing for a new database's empty indexes. Only the index's
    /// layout changes, never what it holds.
    static let searchSegments = Migration("v22-search-segments", sql: """
        INSERT INTO track_search (track_search) VALUES ('optimize');
        INSERT INTO artist_search (artist_search) VALUES ('optimize');
        """)
}
