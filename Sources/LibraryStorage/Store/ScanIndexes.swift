import LibraryCore

/// The indexes a first scan builds once, at its end, instead of entry by entry.
///
/// A scan into an empty database inserts every track in walk order; most of these indexes
/// have keys in no such order (durations, genres, years), so each batch of inserts rewrites
/// a page of them per few tracks, and the log (and its checkpoints) carries each page many
/// times over: at 100,000 tracks, a third of the writer's time and of the log's bytes. Built
/// from the finished table they are one sort each.
///
/// Crash-safe: each index is dropped in the transaction that records its definition in
/// `deferred_index`, and recreated in the one that deletes the row; `Database.open`
/// recreates whatever a scan that stopped early left recorded, before anything reads. No
/// query needs them for its answer, only for its speed (none of the scan's does).
package enum ScanIndexes {
    /// The indexes deferred: the non-partial track indexes that nothing in a first scan reads
    /// and whose keys come in no insertion order (the folder, album and scan-generation ones
    /// stay: the scan's end reads them; `track_present_ids` stays: its keys follow the ids),
    /// and the artist-credit index `track_artist_by_artist`: every track credits an artist met
    /// anywhere in the walk, so its entries land on random pages (at 100,000 tracks, 194,000
    /// entries and about a tenth of the writer's SQL time). The end's orphan sweep reads it
    /// after `restore`.
    static let deferred = [
        "track_by_year", "track_by_added", "track_by_format", "track_totals",
        "track_album_by_added", "track_album_by_year", "track_by_genres_album", "track_album_totals",
        "track_in_default_order", "track_artist_by_artist",
    ]

    /// When the database has no track at all (a first scan), drops the `deferred` indexes and
    /// records their definitions, in the caller's transaction; returns whether it did.
    @discardableResult
    package static func deferForFirstScan(_ db: Connection) throws -> Bool {
        let empty: Int64 = try db.scalar("SELECT NOT EXISTS (SELECT 1 FROM track)") ?? 0
        guard empty == 1 else { return false }
        var dropped = false
        for name in deferred {
            guard let sql: String = try db.scalar("SELECT sql FROM sqlite_master WHERE type = 'index' AND name = \(name)") else {
                continue
            }
            try db.execute("INSERT OR REPLACE INTO deferred_index (name, sql) VALUES (\(name), \(sql))")
            try db.execute("DROP INDEX \(sql: name)")
            dropped = true
        }
        return dropped
    }

    /// Whether some index waits to be recreated (false before the table exists).
    package static func hasDeferred(_ db: Connection) throws -> Bool {
        let table: Int64 = try db.scalar("SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'deferred_index'") ?? 0
        guard table > 0 else { return false }
        let rows: Int64 = try db.scalar("SELECT count(*) FROM deferred_index") ?? 0
        return rows > 0
    }

    /// Recreates every recorded index and forgets its row, each index in a transaction of its
    /// own (or the caller's). Does nothing when none is recorded.
    ///
    /// Outside a transaction, the sorts spill to temporary files instead of memory (the
    /// connection's `temp_store`, set back after): held in memory, the sorted entries took
    /// memory in proportion to the library (at 100,000 tracks 4 MB more peak RSS for the
    /// scan, 6.7 MB in the sqlite3 shell).
    package static func restore(_ db: Connection) throws {
        guard try hasDeferred(db) else { return }
        if db.isInTransaction {
            try recreate(db)
        } else {
            try db.sortingOnDisk { try recreate(db) }
        }
    }

    /// Recreates every recorded index, one transaction (or savepoint) each.
    private static func recreate(_ db: Connection) throws {
        var definitions: [(name: String, sql: String)] = []
        try db.forEach("SELECT name, sql FROM deferred_index ORDER BY name") { row in
            definitions.append((row["name"] ?? "", row["sql"] ?? ""))
        }
        // One transaction per index: the log then holds one index's pages at a time (the
        // checkpointer copies them out between), not all of them (36 MB at 100,000 tracks).
        for (name, sql) in definitions {
            try db.transaction {
                let exists: Int64 = try db.scalar("SELECT count(*) FROM sqlite_master WHERE type = 'index' AND name = \(name)") ?? 0
                if exists == 0 { try db.execute(SQL(sql: sql)) }
                try db.execute("DELETE FROM deferred_index WHERE name = \(name)")
            }
        }
    }
}
