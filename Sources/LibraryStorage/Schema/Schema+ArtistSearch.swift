import LibraryCore

extension Schema {
    /// A full-text index over artist names, folded as the tracks' `*_fold` columns are
    /// (`kanora_fold`, `TextFold.fold`), so artist search finds the few matching names
    /// before it reads any credit, instead of walking every track whose artist columns
    /// match (all 57,039 tracks of Various Artists at a million tracks, for "various").
    ///
    /// Triggers on `artist` keep it in step, so the scan's writer is unchanged; artists are
    /// few next to tracks. The index keeps its own copy of the folded name (no docsize
    /// table: nothing ranks by bm25 here).
    static let artistSearch = Migration("v16-artist-search", sql: """
        CREATE VIRTUAL TABLE artist_search USING fts5(
            name_fold, columnsize = 0, tokenize = "unicode61 remove_diacritics 2"
        );
        INSERT INTO artist_search (rowid, name_fold) SELECT id, kanora_fold(name) FROM artist;

        CREATE TRIGGER artist_search_after_insert AFTER INSERT ON artist BEGIN
            INSERT INTO artist_search (rowid, name_fold) VALUES (new.id, kanora_fold(new.name));
        END;

        CREATE TRIGGER artist_search_after_delete AFTER DELETE ON artist BEGIN
            DELETE FROM artist_search WHERE rowid = old.id;
        END;

        CREATE TRIGGER artist_search_after_rename AFTER UPDATE OF id, name ON artist
        WHEN old.id IS NOT new.id OR old.name IS NOT new.name BEGIN
            DELETE FROM artist_search WHERE rowid = old.id;
            INSERT INTO artist_search (rowid, name_fold) VALUES (new.id, kanora_fold(new.name));
        END;
        """)
}
