import LibraryCore

extension Schema {
    /// Where a first scan keeps the definitions of the track indexes it builds once at its
    /// end instead of row by row (see `ScanIndexes`): a row here is an index dropped in the
    /// same transaction, recreated (and the row deleted) in one transaction by the scan's
    /// end, or by the next `Database.open` after a scan that never reached it.
    static let scanIndexes = Migration("v19-scan-deferred-indexes", sql: """
        CREATE TABLE deferred_index (
            name TEXT PRIMARY KEY,
            sql TEXT NOT NULL
        ) WITHOUT ROWID;
        """)
}
