import LibraryCore

extension Schema {
    /// `track_search` again, with prefix indexes for prefixes of one, two and three
    /// characters. Every search's last word is a prefix (`"e"*`), and without a prefix index
    /// FTS5 merges the doclist of every token starting with it: about 30 µs at 2,000 tracks
    /// even for a `LIMIT 1` probe, and 64-90 ms for `"e"*` at a million. With one, such a
    /// prefix is one doclist read. Longer prefixes match few tokens, so their merge stays
    /// cheap. The prefix indexes add about 150 bytes per track.
    ///
    /// FTS5 cannot change a table's options, so the table is dropped and made again with the
    /// columns, tokenizer, external content and rank of v2, then rebuilt from `track`. The
    /// triggers (v2's delete, v5's update; inserts are indexed in batches) are made again as
    /// they were.
    static let searchPrefix = Migration("v20-search-prefix", sql: """
        DROP TRIGGER track_search_after_delete;
        DROP TRIGGER track_search_after_update;
        DROP TABLE track_search;

        CREATE VIRTUAL TABLE track_search USING fts5(
            title_fold, artist_fold, album_fold, album_artist_fold, composer_fold, genre_fold,
            content = 'track', content_rowid = 'id',
            tokenize = "unicode61 remove_diacritics 2",
            prefix = '1 2 3'
        );
        INSERT INTO track_search (track_search, rank) VALUES ('rank', 'bm25(10.0, 5.0, 4.0, 4.0, 2.0, 1.0)');
        INSERT INTO track_search (track_search) VALUES ('rebuild');

        CREATE TRIGGER track_search_after_delete AFTER DELETE ON track BEGIN
            INSERT INTO track_search (track_search, rowid, title_fold, artist_fold, album_fold, album_artist_fold, composer_fold, genre_fold)
            VALUES ('delete', old.id, old.title_fold, old.artist_fold, old.album_fold, old.album_artist_fold, old.composer_fold, old.genre_fold);
        END;

        CREATE TRIGGER track_search_after_update
        AFTER UPDATE OF title_fold, artist_fold, album_fold, album_artist_fold, composer_fold, genre_fold ON track
        WHEN old.title_fold IS NOT new.title_fold OR old.artist_fold IS NOT new.artist_fold
          OR old.album_fold IS NOT new.album_fold OR old.album_artist_fold IS NOT new.album_artist_fold
          OR old.composer_fold IS NOT new.composer_fold OR old.genre_fold IS NOT new.genre_fold
        BEGIN
            INSERT INTO track_search (track_search, rowid, title_fold, artist_fold, album_fold, album_artist_fold, composer_fold, genre_fold)
            VALUES ('delete', old.id, old.title_fold, old.artist_fold, old.album_fold, old.album_artist_fold, old.composer_fold, old.genre_fold);
            INSERT INTO track_search (rowid, title_fold, artist_fold, album_fold, album_artist_fold, composer_fold, genre_fold)
            VALUES (new.id, new.title_fold, new.artist_fold, new.album_fold, new.album_artist_fold, new.composer_fold, new.genre_fold);
        END;
        """)
}
