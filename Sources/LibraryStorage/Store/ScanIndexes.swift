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
/// query needs them for its answer, only for its speed (none of the scan's does). The
/// artist and album search triggers are deferred the same way; the scan's writer does
/// their work per batch meanwhile, so search answers as it did.
package enum ScanIndexes {
    /// The indexes deferred: the non-partial track indexes that nothing in a first scan reads
    /// and whose keys come in no insertion order (the folder, album and scan-generation ones
    /// stay: the scan's end reads them; `track_present_ids` stays: its keys follow the ids),
    /// and the artist-credit index `track_artist_by_artist`: every track credits an artist met
    /// anywhere in the walk, so its entries land on random pages (at 100,000 tracks, 194,000
    /// entries and about a tenth of the writer's SQL time). The end's orphan sweep reads it
    /// after `restore`.
    ///
    /// `track_by_added` and `track_album_by_added` stay too: their keys start with the added
    /// time, which a scan's batches give in order, so each insert appends to their last page.
    /// Kept up by the writer, beside the readers, they cost 0.05-0.09 CPU s at 100,000
    /// tracks (sqlite3 shell, batches of 256); built at the end, each was one more pass over
    /// the whole track table (0.12 s together) on the scan's serial tail.
    ///
    /// So do `track_album_totals`, whose keys start with the album id (albums get theirs in
    /// walk order, so its inserts append too), and `track_by_format`, whose few keys (one per
    /// format) make its inserts land on a handful of pages that stay in the cache. Kept up,
    /// they cost about 0.04 CPU s together at 100,000 tracks (sqlite3 shell, batches of 256,
    /// two runs each); built at the end they took 0.19 s of the serial tail.
    static let deferred = [
        "track_totals", "track_album_by_year", "track_in_default_order",
        "track_artist_by_artist",
    ]

    /// The triggers that index each new album and each new artist for search, deferred too:
    /// FTS5 writes its pending entries out as a new segment (and merges segments) at every
    /// trigger program that touches it, so one artist at a time cost ~0.26 CPU s more than
    /// once a batch for the 10,000 artists of 100,000 tracks. While they are dropped, the
    /// scan's writer indexes each batch's new albums and artists in one statement each
    /// (`indexNewNamesForSearch`), in the batch's transaction, so they become searchable when
    /// they always did.
    static let searchTriggers = [
        SearchTrigger(
            name: "album_search_after_insert", table: "album", index: "album_search",
            insert: "INSERT INTO album_search (rowid, title_fold, album_artist_fold) SELECT id, kanora_fold(title), kanora_fold(album_artist)"),
        SearchTrigger(
            name: "artist_search_after_insert", table: "artist", index: "artist_search",
            insert: "INSERT INTO artist_search (rowid, name_fold) SELECT id, kanora_fold(name)"),
    ]

    /// A trigger that indexes each new row of `table` in the full-text `index`, as `insert`
    /// does for the rows a `FROM table WHERE ...` picks.
    struct SearchTrigger {
        let name: String
        let table: String
        let index: String
        let insert: String

        /// Indexes the rows with an id above `id`.
        func indexRows(after id: Int64) -> SQL {
            "\(sql: insert) FROM \(sql: table) WHERE id > \(id)"
        }

        /// Run with the trigger when it is recreated: indexes the rows that no batch indexed
        /// (none, unless something else added rows while it was dropped).
        var catchUp: String {
            "\(insert) FROM \(table) WHERE id NOT IN (SELECT rowid FROM \(index))"
        }
    }

    /// When the database has no track at all (a first scan), drops the `deferred` indexes and
    /// the `searchTriggers` and records their definitions, in the caller's transaction;
    /// returns whether it did.
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
        for trigger in searchTriggers {
            let name = trigger.name
            guard let sql: String = try db.scalar("SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name = \(name)") else {
                continue
            }
            let script = sql + ";\n" + trigger.catchUp
            try db.execute("INSERT OR REPLACE INTO deferred_index (name, sql) VALUES (\(name), \(script))")
            try db.execute("DROP TRIGGER \(sql: name)")
            dropped = true
        }
        return dropped
    }

    /// Whether new artists and albums wait for `indexNewNamesForSearch` (a first scan dropped
    /// the `searchTriggers`).
    package static func nameSearchIsDeferred(_ db: Connection) throws -> Bool {
        let table: Int64 = try db.scalar("SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'deferred_index'") ?? 0
        guard table > 0 else { return false }
        for trigger in searchTriggers {
            let rows: Int64 = try db.scalar("SELECT count(*) FROM deferred_index WHERE name = \(trigger.name)") ?? 0
            if rows > 0 { return true }
        }
        return false
    }

    /// The largest id of each `searchTriggers` table: the rows a batch inserts come after them.
    package static func lastNameIDs(_ db: Connection) throws -> NameIDs {
        NameIDs(last: try searchTriggers.map { trigger in try db.scalar("SELECT coalesce(max(id), 0) FROM \(sql: trigger.table)") ?? 0 })
    }

    /// Indexes for search, in one statement each, the albums and artists inserted after
    /// `last` (see `searchTriggers`), as the triggers would have.
    package static func indexNewNamesForSearch(after last: NameIDs, _ db: Connection) throws {
        for (trigger, id) in zip(searchTriggers, last.last) { try db.execute(trigger.indexRows(after: id)) }
    }

    /// The largest id of each `searchTriggers` table, in that order, at some moment.
    package struct NameIDs: Sendable, Equatable {
        fileprivate let last: [Int64]
    }

    /// Whether some index waits to be recreated (false before the table exists).
    package static func hasDeferred(_ db: Connection) throws -> Bool {
        let table: Int64 = try db.scalar("SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'deferred_index'") ?? 0
        guard table > 0 else { return false }
        let rows: Int64 = try db.scalar("SELECT count(*) FROM deferred_index") ?? 0
        return rows > 0
    }

    /// Recreates every recorded index (and the search triggers, indexing the artists and
    /// albums they missed) and forgets its row, each in a transaction of its own (or the caller's). Does
    /// nothing when none is recorded.
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
                let exists: Int64 = try db.scalar("SELECT count(*) FROM sqlite_master WHERE name = \(name)") ?? 0
                if exists == 0 { try db.execute(SQL(sql: sql)) }
                try db.execute("DELETE FROM deferred_index WHERE name = \(name)")
            }
        }
    }
}
