import LibraryCore

extension Schema {
    /// Drops `track_by_year` (v3): `track_album_by_year` (v14) starts with the same column, so
    /// every query that searched the one (a year range, a year) searches the other the same
    /// way, covering the id as well. Two indexes on one key cost every track write twice and
    /// a first scan one more sort of the whole table at its end (45 ms of its serial tail at
    /// 100,000 tracks).
    ///
    /// A first scan that stopped early may have left the index recorded in `deferred_index`;
    /// `Database.open` recreates such indexes before migrating, and the row goes here too.
    static let redundantYearIndex = Migration("v24-drop-redundant-year-index", sql: """
        DROP INDEX IF EXISTS track_by_year;
        DELETE FROM deferred_index WHERE name = 'track_by_year';
        """)
}
