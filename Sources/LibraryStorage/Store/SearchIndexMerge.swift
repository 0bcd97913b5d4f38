import LibraryCore

/// Merges the full-text search indexes into one segment each after a scan that rewrote much
/// of the library.
///
/// FTS5 writes each committed batch of changes as a new segment and merges only some of
/// them as it goes: a first scan of 2,000 tracks leaves `track_search` in 4 segments and
/// `artist_search` in 8, at 100,000 tracks 16 and 15. Every search query then reads each
/// term's doclist from every segment. FTS5's `optimize` merges them into one; at 100,000
/// tracks it takes about 0.35 s (the scan about 11 s). A scan that changed a few tracks
/// leaves them as they are: merging rewrites the whole index.
package enum SearchIndexMerge {
    /// The full-text tables merged.
    static let tables = ["track_search", "artist_search"]

    /// A scan is worth a merge when it rewrote at least one track in this many of the
    /// library (by the highest track id).
    static let rewrittenShare = 10

    /// Merges each search index held in more than one segment, when `rewritten` tracks (added,
    /// updated or moved by a scan) are at least a tenth of the tracks ever stored (the
    /// highest track id). Returns whether any index was merged. Call it outside a
    /// transaction: each merge is its own.
    @discardableResult
    package static func mergeAfterScan(rewritten: Int, _ db: Connection) throws -> Bool {
        guard rewritten > 0 else { return false }
        let highestID: Int64 = try db.scalar("SELECT max(id) FROM track") ?? 0
        guard Int64(rewritten) * Int64(rewrittenShare) >= highestID else { return false }
        var merged = false
        for table in tables where try segmentCount(table, db) > 1 {
            try db.execute("INSERT INTO \(sql: table)(\(sql: table)) VALUES('optimize')")
            merged = true
        }
        return merged
    }

    /// How many segments the FTS5 table `table` is held in (its `_idx` table has a row per
    /// leaf page, keyed by segment).
    package static func segmentCount(_ table: String, _ db: Connection) throws -> Int {
        try db.scalar("SELECT count(DISTINCT segid) FROM \(sql: table)_idx") ?? 0
    }
}
