import LibraryCore

extension Schema {
    /// A covering index for `BrowseStore.albumTotals`, the per-track walk behind every album
    /// of a Subsonic album list or search answer: it holds each column that walk reads, so
    /// it reads small index entries in `(album_id, id)` order instead of looking up every
    /// wide track row (two-thirds of the walk's time, most of a getAlbumList2's SQL).
    ///
    /// `missing_since` comes second so the walk over present tracks is an equality search;
    /// `folder_id` joins the folder's cover flag.
    static let albumTotalsIndex = Migration("v15-album-totals-index", sql: """
        CREATE INDEX track_album_totals ON track(
            album_id, missing_since, id, duration_ms, year, added_at, has_cover, folder_id, genres);
        """)
}
