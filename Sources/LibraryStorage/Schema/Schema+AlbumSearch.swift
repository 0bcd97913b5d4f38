import LibraryCore

extension Schema {
    /// A full-text index over albums: each album's title and album artist, folded as the
    /// tracks' `*_fold` columns are (`kanora_fold`), with the prefix indexes of v20.
    ///
    /// Album search used to walk the tracks whose album columns match and keep each track's
    /// album: every album's tracks over again (92 tracks met for a page of 10 albums, "the"
    /// at 2,000 tracks), each joined to its row for the album id. Here each album is one
    /// entry, and its presence one probe of `track_by_album_present`.
    ///
    /// Triggers on `album` keep it in step, as v16's keep `artist_search`: an album's title
    /// and album artist come from its grouping key and never change, so albums are written
    /// here only when they are made or deleted. A first scan defers the insert trigger and
    /// indexes each batch's new albums in one statement (`ScanIndexes`).
    static let albumSearch = Migration("v23-album-search", sql: """
        CREATE VIRTUAL TABLE album_search USING fts5(
            title_fold, album_artist_fold, columnsize = 0,
            tokenize = "unicode61 remove_diacritics 2", prefix = '1 2 3'
        );
        INSERT INTO album_search (rowid, title_fold, album_artist_fold)
        SELECT id, kanora_fold(title), kanora_fold(album_artist) FROM album;

        CREATE TRIGGER album_search_after_insert AFTER INSERT ON album BEGIN
            INSERT INTO album_search (rowid, title_fold, album_artist_fold)
            VALUES (new.id, kanora_fold(new.title), kanora_fold(new.album_artist));
        END;

        CREATE TRIGGER album_search_after_delete AFTER DELETE ON album BEGIN
            DELETE FROM album_search WHERE rowid = old.id;
        END;

        CREATE TRIGGER album_search_after_rename AFTER UPDATE OF id, title, album_artist ON album
        WHEN old.id IS NOT new.id OR old.title IS NOT new.title OR old.album_artist IS NOT new.album_artist BEGIN
            DELETE FROM album_search WHERE rowid = old.id;
            INSERT INTO album_search (rowid, title_fold, album_artist_fold)
            VALUES (new.id, kanora_fold(new.title), kanora_fold(new.album_artist));
        END;
        """)
}
