import LibraryCore

extension Schema {
    /// Drops `track_by_genres_album` (v14). It served the genre list alone, which now reads
    /// the tracks album by album from `track_album_totals` (v15), where each entry holds the
    /// track's genres too. One index less on every track write, and a first scan one sort of
    /// the whole table less at its end (it was one of the deferred builds).
    ///
    /// A first scan that stopped early may have left the index recorded in `deferred_index`;
    /// `Database.open` recreates such indexes before migrating, and the row goes here too.
    static let genrePairIndex = Migration("v25-drop-genre-pair-index", sql: """
        DROP INDEX IF EXISTS track_by_genres_album;
        DELETE FROM deferred_index WHERE name = 'track_by_genres_album';
        """)
}
