import LibraryCore

extension Schema {
    /// FTS5's `automerge` for `track_search` at 8 instead of its default 4.
    ///
    /// A scan indexes each batch of tracks in one statement, and FTS5 writes each as a new
    /// segment, then does merge work in proportion to the pages it wrote times the number of
    /// levels of segments. With 4 segments to a level, a first scan of 100,000 tracks (390
    /// batches) builds five levels and rewrites most of the index four times over: its
    /// share of the log grew fivefold from the first third of the scan to the last, the
    /// largest thing in the writer that grows with the library. With 8, the same scan has
    /// three levels: inserting the 390 batches alone (sqlite3, batches of 256, 1 MB cache)
    /// took 0.81-0.91 CPU s instead of 1.08-1.16 s, and the index ends in 18 segments instead
    /// of 16 (4 queries of search shapes: 0.62 against 0.60 ms). At 2,000 and 20,000 tracks
    /// the segments are 8 against 9 and 10 against 9, and the queries take the same time.
    ///
    /// Only the merge policy changes: the index holds the same entries, and FTS5 keeps the
    /// setting in `track_search_config`, so every connection follows it.
    static let searchAutomerge = Migration("v21-search-automerge", sql: """
        INSERT INTO track_search (track_search, rank) VALUES ('automerge', 8);
        """)
}
