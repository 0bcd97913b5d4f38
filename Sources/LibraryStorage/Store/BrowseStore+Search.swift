import CSQLite
import Foundation
import LibraryCore

// Search ranks by tiers instead of bm25: each tier is one FTS5 query walked in rowid
// order (the index's own order, so no sort) and stopped as soon as the page is full. bm25
// scores every match before the first row comes out: 14,687 matches for "the" cost 16 ms
// at 100,000 tracks, and ten times as many at a million. A tier that finds nothing new
// still reads its whole doclist, which is cheap (under 1 ms at 100,000 tracks).

extension BrowseStore {
    /// One page of present songs matching `query`, or of every present song by id when
    /// `query` is nil, as ids. Songs whose title holds the words come first (a title
    /// starting with them, then holding them whole, then as a prefix), then those whose
    /// artist or album artist does (starting with them first), then those whose album does,
    /// then every other match (words spread over columns, composer, genre); each tier by id.
    package static func searchSongIDs(
        _ query: SearchQuery?, page: Page, libraryID: Int64?, facts: inout SearchFacts, _ db: Connection
    ) throws -> [Int64] {
        guard page.size > 0 else { return [] }
        let library = libraryFilter(libraryID)
        guard let query else {
            // Clients sync by paging this to the end: the offset is skipped in the narrow
            // `track_present_ids` (v18), whose key is this expression, not in the table's rows.
            return try db.values("""
                SELECT t.id FROM track t INDEXED BY track_present_ids WHERE (t.missing_since IS NULL) = 1\(library)
                ORDER BY t.id LIMIT \(page.size) OFFSET \(page.offset)
                """)
        }
        let title = ["title_fold"], artist = ["artist_fold", "album_artist_fold"]
        let groups = [
            [SearchTier(title, .start), SearchTier(title, .whole), SearchTier(title, .prefix)],
            [SearchTier(artist, .start), SearchTier(artist, .prefix)], [SearchTier(["album_fold"], .prefix)], [SearchTier.anywhere],
        ]
        var found = TieredPage(page)
        let everyOneShown = try facts.everyIndexedTrackIsShown(libraryID: libraryID, db)
        try found.collect(groups, query, &facts, db, sql: { tier in
            everyOneShown
                ? "SELECT rowid FROM track_search WHERE track_search MATCH \(tier) ORDER BY rowid"
                : """
                SELECT t.id FROM track_search JOIN track t ON t.id = track_search.rowid
                WHERE track_search MATCH \(tier) AND t.missing_since IS NULL\(library)
                ORDER BY track_search.rowid
                """
        }, id: { $0.column(0) })
        return found.ids
    }

    /// One page of albums with a present track whose album title, album artist or artist matches
    /// `query`, or of every album by id when `query` is nil. Albums whose title holds the
    /// words come first (a title starting with them, then holding them whole, then as a
    /// prefix), then those whose album artist starts with them, then those whose title and
    /// album artist hold them between them, each of these tiers by album id (the order a scan
    /// first met the albums), from `album_search` (v23). Last come the albums of the tracks
    /// whose album, album artist and artist hold them between them (a track artist on a
    /// compilation), in the order of their first such track.
    package static func searchAlbumIDs(
        _ query: SearchQuery?, page: Page, libraryID: Int64?, facts: inout SearchFacts, _ db: Connection
    ) throws -> [Int64] {
        guard page.size > 0 else { return [] }
        guard let query else {
            let library = libraryFilter(libraryID, column: "p.library_id")
            return try db.values("""
                SELECT a.id FROM album a
                WHERE \(presentAlbum(library: library))
                ORDER BY a.id LIMIT \(page.size) OFFSET \(page.offset)
                """)
        }
        var found = TieredPage(page)
        let present = presentAlbum(library: libraryFilter(libraryID, column: "p.library_id"), album: "album_search.rowid")
        let title = ["title_fold"], albumArtist = ["album_artist_fold"]
        let albumGroups = [
            [SearchTier(title, .start), SearchTier(title, .whole), SearchTier(title, .prefix)],
            [SearchTier(albumArtist, .start), SearchTier(title + albumArtist, .prefix)],
        ]
        try found.collect(albumGroups, query, in: "album_search", db, sql: { tier in """
            SELECT album_search.rowid FROM album_search WHERE album_search MATCH \(tier) AND \(present)
            ORDER BY album_search.rowid
            """ }, id: { $0.column(0) })
        guard !found.isFull else { return found.ids }
        let library = libraryFilter(libraryID)
        let spread = [[SearchTier(["album_fold", "album_artist_fold", "artist_fold"], .prefix)]]
        let presentTrack: SQL = try facts.everyIndexedTrackIsShown(libraryID: libraryID, db) ? "" : " AND t.missing_since IS NULL\(library)"
        try found.collect(spread, query, &facts, db, sql: { tier in """
            SELECT t.album_id FROM track_search JOIN track t ON t.id = track_search.rowid
            WHERE track_search MATCH \(tier) AND t.album_id IS NOT NULL\(presentTrack)
            ORDER BY track_search.rowid
            """ }, id: { $0.column(0) })
        return found.ids
    }
}

/// The first `offset + size` distinct ids met while walking a search's tiers in order,
/// of which the page is the last `size`.
struct TieredPage {
    private let page: Page
    private var seen = Set<Int64>()
    private var ordered: [Int64] = []

    init(_ page: Page) { self.page = page }

    /// The ids met so far, on the page or before it.
    var met: Set<Int64> { seen }

    /// Whether enough ids are known to fill the page.
    var isFull: Bool { ordered.count >= page.offset + page.size }

    /// The page's ids.
    var ids: [Int64] { Array(ordered.dropFirst(page.offset).prefix(page.size)) }

    /// Adds `ids` in order, skipping those already met, until the page is full.
    mutating func add(_ ids: [Int64]) {
        for id in ids where !isFull && seen.insert(id).inserted {
            ordered.append(id)
        }
    }

    /// Walks groups of tiers in order (each tier's FTS5 expression put into `sql`) until the
    /// page is full. Every tier of a group matches within its last, broadest one, so a group
    /// whose broadest tier matches no track at all is skipped after one probe, instead of
    /// each tier reading the same doclists for nothing; the probe is not run when `facts`
    /// already answer it, and what the probes and tiers find is added to them.
    mutating func collect(
        _ groups: [[SearchTier]], _ query: SearchQuery, _ facts: inout SearchFacts, _ db: Connection,
        sql: (String) -> SQL, id: (Statement) throws -> Int64?
    ) throws {
        try collect(groups, query, in: "track_search", db, known: { facts.anyMatch(in: $0) },
                    note: { facts.note($0, in: $1) }, sql: sql, id: id)
    }

    /// Walks groups of tiers over the full-text table `index` as above: `known` tells what
    /// earlier queries found for a group's broadest columns (nil: nothing known, so probe),
    /// and `note` hears whether a probe or a tier found any row in its columns.
    mutating func collect(
        _ groups: [[SearchTier]], _ query: SearchQuery, in index: String, _ db: Connection,
        known: ([String]) -> Bool? = { _ in nil }, note: (Bool, [String]) -> Void = { _, _ in },
        sql: (String) -> SQL, id: (Statement) throws -> Int64?
    ) throws {
        for group in groups where !isFull {
            guard let broadest = group.last else { continue }
            let answer = known(broadest.columns)
            if answer == false { continue }
            if group.count > 1, answer == nil {
                let probe: Int64? = try db.scalar(
                    "SELECT 1 FROM \(sql: index) WHERE \(sql: index) MATCH \(broadest.expression(query)) LIMIT 1")
                note(probe != nil, broadest.columns)
                if probe == nil { continue }
            }
            for tier in group where !isFull {
                if try collect(db, sql(tier.expression(query)), id: id) { note(true, tier.columns) }
            }
        }
    }

    /// Steps `sql` and adds the id `id(row)` gives for each row (nil skips the row), until
    /// the page is full or the rows run out; returns whether the query gave any row.
    @discardableResult
    mutating func collect(_ db: Connection, _ sql: SQL, id: (Statement) throws -> Int64?) throws -> Bool {
        let statement = try db.cachedStatement(sql)
        try statement.bind(sql.arguments)
        var gaveRows = false
        while !isFull, try statement.step() {
            gaveRows = true
            guard let found = try id(statement), seen.insert(found).inserted else { continue }
            ordered.append(found)
        }
        // Stopped early: reset so the statement does not hold the read snapshot open.
        sqlite3_reset(statement.handle)
        return gaveRows
    }
}

extension SearchQuery {
    /// Where and how a text must hold the words.
    enum WordFit {
        /// The text starts with the words, in order (the last as a prefix).
        case start
        /// The text holds every word whole, anywhere.
        case whole
        /// The text holds every word, the last as a word prefix.
        case prefix
    }

    /// The FTS5 expression limited to `columns` for `fit`.
    func match(_ columns: [String], _ fit: WordFit) -> String {
        // Few words hold a quote: those are checked on their bytes, not searched through Foundation.
        let quoted = words.map { word in
            let doubled = word.utf8.contains(UInt8(ascii: "\"")) ? word.replacingOccurrences(of: "\"", with: "\"\"") : word
            return "\"" + doubled + "\""
        }
        let expression = switch fit {
        case .start: "^" + quoted.joined(separator: " + ") + "*"
        case .whole: quoted.joined(separator: " ")
        case .prefix: quoted.joined(separator: " ") + "*"
        }
        return "{\(columns.joined(separator: " "))} : (\(expression))"
    }
}
