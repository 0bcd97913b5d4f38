import LibraryCore

extension Schema {
    /// `track_present_ids`: the present tracks by id, for search3's empty query, which clients
    /// page through to sync the whole library (500 songs a page, `OFFSET` up to the last
    /// track). Without it each page read every wide track row up to its offset (60 ms at
    /// offset 99,000 of 100,000 tracks); the index's entries are a few bytes each.
    ///
    /// Its key is the expression `missing_since IS NULL`, not the column: a query matches it
    /// only by that expression (`BrowseStore.searchSongIDs` names it with `INDEXED BY`), so
    /// the listings that filter on `missing_since IS NULL` keep their plans (an index on the
    /// column made SQLite, without statistics, walk it for them and look every row up).
    /// `library_id` is in the entry so a music-folder filter reads no row either.
    static let presentIDsIndex = Migration("v18-list-present-ids", sql: """
        CREATE INDEX track_present_ids ON track((missing_since IS NULL), id, library_id);
        """)
}
