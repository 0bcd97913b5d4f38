import LibraryCore

extension Schema {
    /// `track_search` and `artist_search` again, with prefix indexes for prefixes of one,
    /// two and three characters. Every search's last word is a prefix (`"e"*`), and without a prefix index
    /// FTS5 merges the doclist of every token starting with it: about 30 µs at 2,000 tracks
    /// even for a `LIMIT 1` probe, and 64-90 ms for `"e"*` at a million. With one, such a
    /// prefix is one doclist read. Longer prefixes match fewer tokens and are left to the
    /// merge. The three prefix indexes add about 155 bytes per track (a tenth of a database).
    ///
    /// FTS5 cannot change a table's options, so the table is dropped and made again with the
    /// columns, tokenizer, external content and rank of v2, then rebuilt from `track`. The
    /// triggers on `track` that keep it in step (v2's delete, v5's update; inserts are indexed
    /// in batches) stay as they are: they name the table, and reach the new one.
    ///
    /// `artist_search` (v16) is made again the same way with the same prefix indexes, from
    /// the artists' names folded as v16 folds them; its triggers on `artist` stay too. Artist
    /// search asks it for the names of each tier: `"s"*` over 102,164 names at a million
    /// tracks took 3.4-3.9 ms, 0.02-0.6 ms with them, for 44 bytes per name.
    static let searchPrefix = Migration("v20-search-prefix", sql: """
        DROP TABLE track_search;
        CREATE VIRTUAL TABLE track_search USING fts5(
            title_fold, artist_fold, album_fold, album_artist_fold, composer_fold, genre_fold,
            content = 'track', content_rowid = 'id',
            tokenize = "unicode61 remove_diacritics 2",
            prefix = '1 2 3'
        );
        INSERT INTO track_search (track_search, rank) VALUES ('rank', 'bm25(10.0, 5.0, 4.0, 4.0, 2.0, 1.0)');
        INSERT INTO track_search (track_search) VALUES ('rebuild');

        DROP TABLE artist_search;
        CREATE VIRTUAL TABLE artist_search USING fts5(
            name_fold, columnsize = 0, tokenize = "unicode61 remove_diacritics 2", prefix = '1 2 3'
        );
        INSERT INTO artist_search (rowid, name_fold) SELECT id, kanora_fold(name) FROM artist;
        """)
}
