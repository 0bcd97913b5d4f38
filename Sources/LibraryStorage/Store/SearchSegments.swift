import LibraryCore

/// The search indexes' segments, merged into one after a scan that wrote most of them.
///
/// FTS5 writes each transaction's new entries as a segment and merges segments only when a
/// level holds `automerge` of them (v21), so a first scan of 2,000 tracks leaves
/// `track_search` in 9 segments and 100,000 tracks in 16 (`artist_search`: 9 and 16; `album_search`
/// is written as `artist_search` is). Every
/// term a query looks up is looked up in each segment: a lookup of the segment's page index
/// and a read of the leaf page the term would be on. In one segment, the same queries took
/// 11-14 µs instead of 22-26 (a probe and an artist tier, 2,000 tracks), and search3 cost
/// the server 690 µs of CPU instead of 771 (see notes/scan-at-the-limit.md).
///
/// The merge is FTS5's own: `merge` with a negative page count moves every segment to one
/// level and merges that many pages of them; it is repeated, a transaction each, so the log
/// holds one step's pages at a time (the whole index at a million tracks is about 270 MB),
/// until one segment is left. Only the index's layout changes, never what it holds.
package enum SearchSegments {
    /// The FTS5 tables merged.
    package static let tables = ["track_search", "artist_search", "album_search"]

    /// Pages merged per transaction: 8 MB of log at 4 KiB pages.
    static let pagesPerStep = 2_000

    /// How many segments `table` (one of `tables`) is in.
    package static func count(in table: String, _ db: Connection) throws -> Int {
        Int(try db.scalar("SELECT count(DISTINCT segid) FROM \(sql: table)_idx") ?? 0 as Int64)
    }

    /// Merges each of the search indexes `tables` into one segment, `pagesPerStep` pages per
    /// transaction. Stops after twice the steps the index's pages need, merged or not: FTS5
    /// always makes progress, but a scan's end must not loop on a surprise.
    package static func merge(tables: [String] = tables, _ db: Connection) throws {
        for table in tables {
            let pages: Int64 = try db.scalar("SELECT count(*) FROM \(sql: table)_data") ?? 0
            let maximumSteps = 2 * (Int(pages) / pagesPerStep + 1) + 2
            var steps = 0
            while steps < maximumSteps, try count(in: table, db) > 1 {
                try db.transaction {
                    try db.execute("INSERT INTO \(sql: table) (\(sql: table), rank) VALUES ('merge', \(-pagesPerStep))")
                }
                steps += 1
            }
        }
    }
}
