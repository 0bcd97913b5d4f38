import LibraryCore

extension Schema {
    /// Indexes for the list orders Subsonic clients and the web app page through, so a deep
    /// page reads small index entries instead of wide track rows:
    ///
    /// - `track_album_by_added` and `track_album_by_year`: the newest and by-year album lists
    ///   walk present tracks in `(added_at, id)` and `(year, id)` order until a page of
    ///   albums; these cover the walk, where `track_by_added` and `track_by_year` cost a
    ///   table lookup per track.
    /// - `track_by_genres_album`: the genre list counts tracks per distinct `(genres,
    ///   album_id)` pair read in index order, then expands each pair's genres once.
    /// - `album_by_title` and `album_by_artist_title`: the alphabetical album lists read in
    ///   index order (the expressions match `BrowseStore.albumsByTitle` and
    ///   `albumsByArtistAndTitle` exactly), stopping after a page instead of sorting every album.
    ///
    /// The track indexes are not partial (`WHERE missing_since IS NULL`) and leave out
    /// `library_id`: either made SQLite scan them, then look every row up, for any listing of
    /// present tracks (`kanora list`, `/api/v1/tracks`), slower than reading the table.
    static let listIndexes = Migration("v14-list-indexes", sql: """
        CREATE INDEX track_album_by_added ON track(added_at, id, album_id, missing_since);
        CREATE INDEX track_album_by_year ON track(year, id, album_id, missing_since);
        CREATE INDEX track_by_genres_album ON track(genres, album_id, missing_since);
        CREATE INDEX album_by_title ON album(coalesce(title_sort, title) COLLATE NOCASE, id);
        CREATE INDEX album_by_artist_title ON album(
            coalesce(album_artist_sort, album_artist) COLLATE NOCASE, coalesce(title_sort, title) COLLATE NOCASE, id);
        """)
}
