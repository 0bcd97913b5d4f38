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
    package static func searchSongIDs(_ query: SearchQuery?, page: Page, libraryID: Int64?, _ db: Connection) throws -> [Int64] {
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
            [query.match(title, .start), query.match(title, .whole), query.match(title, .prefix)],
            [query.match(artist, .start), query.match(artist, .prefix)], [query.match(["album_fold"], .prefix)], [query.expression],
        ]
        var found = TieredPage(page)
        try found.collect(groups, db, sql: { tier in """
            SELECT t.id FROM track_search JOIN track t ON t.id = track_search.rowid
            WHERE track_search MATCH \(tier) AND t.missing_since IS NULL\(library)
            ORDER BY track_search.rowid
            """ }, id: { $0.column(0) })
        return found.ids
    }

    /// One page of albums with a present track whose album title, album artist or artist matches
    /// `query`, or of every album by id when `query` is nil. Albums whose title holds the
    /// words come first (a title starting with them, then holding them whole, then as a
    /// prefix), then those whose album artist starts with them, then the rest (album artist,
    /// words spread over columns, a track artist on a compilation); each tier in the order of
    /// its first matching track.
    package static func searchAlbumIDs(_ query: SearchQuery?, page: Page, libraryID: Int64?, _ db: Connection) throws -> [Int64] {
        guard page.size > 0 else { return [] }
        guard let query else {
            let library = libraryFilter(libraryID, column: "p.library_id")
            return try db.values("""
                SELECT a.id FROM album a
                WHERE EXISTS (SELECT 1 FROM track p WHERE p.album_id = a.id AND p.missing_since IS NULL\(library))
                ORDER BY a.id LIMIT \(page.size) OFFSET \(page.offset)
                """)
        }
        let library = libraryFilter(libraryID)
        let title = ["album_fold"]
        let groups = [
            [query.match(title, .start), query.match(title, .whole), query.match(title, .prefix)],
            [query.match(["album_artist_fold"], .start), query.match(["album_fold", "album_artist_fold", "artist_fold"], .prefix)],
        ]
        var found = TieredPage(page)
        try found.collect(groups, db, sql: { tier in """
            SELECT t.album_id FROM track_search JOIN track t ON t.id = track_search.rowid
            WHERE track_search MATCH \(tier) AND t.missing_since IS NULL AND t.album_id IS NOT NULL\(library)
            ORDER BY track_search.rowid
            """ }, id: { $0.column(0) })
        return found.ids
    }

    /// One page of artists whose name matches `query` (every word, the last as a prefix),
    /// found through the present tracks that credit them; nil lists every album artist by
    /// name. A name equal to the words comes first, then names starting with them, then
    /// names holding them whole, then the rest; each tier in the order of the first track
    /// crediting the artist.
    package static func searchArtists(_ query: SearchQuery?, page: Page, libraryID: Int64?, userID: Int64, _ db: Connection) throws -> [BrowseArtist] {
        guard page.size > 0 else { return [] }
        guard let query else { return try albumArtists(libraryID: libraryID, page: page, userID: userID, db) }
        let library = libraryFilter(libraryID)
        var found = TieredPage(page)
        // The equal name is one lookup of the folded key, the artist table's unique index.
        try found.collect(db, """
            SELECT ar.id FROM artist ar WHERE ar.name_key = \(query.words.joined(separator: " "))
            AND EXISTS (SELECT 1 FROM track_artist ta JOIN track t ON t.id = ta.track_id
                        WHERE ta.artist_id = ar.id AND t.missing_since IS NULL\(library))
            """) { $0.column(0) }
        // A track is read only for a credit whose name matches and whose artist is not on the
        // page yet: an artist with thousands of tracks (an album artist such as "Various
        // Artists") credits thousands of other names, and reading each of those tracks from
        // the wide track table cost 10 times the walk itself at a million tracks.
        let names = NameMatch(query)
        for fit in [SearchQuery.WordFit.start, .whole, .prefix] where !found.isFull {
            // The index finds tracks crediting a matching name; the names themselves are
            // checked here, once each, since a track credits other artists too.
            var nameMatches: [Int64: Bool] = [:]
            var met = found.met
            let tier = query.match(["artist_fold", "album_artist_fold"], fit)
            try found.collect(db, """
                SELECT ar.id, ar.name, ta.track_id FROM track_search
                JOIN track_artist ta ON ta.track_id = track_search.rowid JOIN artist ar ON ar.id = ta.artist_id
                WHERE track_search MATCH \(tier)
                ORDER BY track_search.rowid
                """) { row in
                guard let id: Int64 = row.column(0), !met.contains(id) else { return nil }
                let matches = nameMatches[id] ?? names.matches(row.column(1) ?? "", fit)
                nameMatches[id] = matches
                guard matches, let track: Int64 = row.column(2) else { return nil }
                let present: Int64? = try db.scalar("SELECT 1 FROM track t WHERE t.id = \(track) AND t.missing_since IS NULL\(library)")
                guard present != nil else { return nil }
                met.insert(id)
                return id
            }
        }
        return try artists(ids: found.ids, userID: userID, db)
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

    /// Walks groups of tiers in order (each tier an FTS5 expression put into `sql`) until the
    /// page is full. Every tier of a group matches within its last, broadest one, so a group
    /// whose broadest tier matches no track at all is skipped after one probe, instead of
    /// each tier reading the same doclists for nothing.
    mutating func collect(
        _ groups: [[String]], _ db: Connection, sql: (String) -> SQL, id: (Statement) throws -> Int64?
    ) throws {
        for group in groups where !isFull {
            if group.count > 1, let broadest = group.last {
                let probe: Int64? = try db.scalar("SELECT 1 FROM track_search WHERE track_search MATCH \(broadest) LIMIT 1")
                if probe == nil { continue }
            }
            for tier in group where !isFull {
                try collect(db, sql(tier), id: id)
            }
        }
    }

    /// Steps `sql` and adds the id `id(row)` gives for each row (nil skips the row), until
    /// the page is full or the rows run out.
    mutating func collect(_ db: Connection, _ sql: SQL, id: (Statement) throws -> Int64?) throws {
        let statement = try db.cachedStatement(sql)
        try statement.bind(sql.arguments)
        while !isFull, try statement.step() {
            guard let found = try id(statement), seen.insert(found).inserted else { continue }
            ordered.append(found)
        }
        // Stopped early: reset so the statement does not hold the read snapshot open.
        sqlite3_reset(statement.handle)
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
        let quoted = words.map { "\"" + $0.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }
        let expression = switch fit {
        case .start: "^" + quoted.joined(separator: " + ") + "*"
        case .whole: quoted.joined(separator: " ")
        case .prefix: quoted.joined(separator: " ") + "*"
        }
        return "{\(columns.joined(separator: " "))} : (\(expression))"
    }
}

/// Whether artist names, folded as the index folds them, hold a query's words as a tier asks.
/// Made once per search, so the words are split into runs of letters and digits once.
struct NameMatch {
    /// Each word's runs of letters and digits, as the index splits text into tokens.
    private let parts: [[String]]

    init(_ query: SearchQuery) {
        parts = query.words.map(Self.tokens)
    }

    /// The runs of letters and digits in `text`.
    private static func tokens(_ text: String) -> [String] {
        text.split { !($0.isLetter || $0.isNumber) }.map(String.init)
    }

    /// Whether `name`, folded, holds the words as `fit` asks.
    func matches(_ name: String, _ fit: SearchQuery.WordFit) -> Bool {
        let folded = TextFold.fold(name)
        // Each part lies within a token, so a name whose text lacks one is no match. Most names
        // are turned away here without being split into tokens: a Unicode property lookup per
        // character was the largest cost of an artist search that walks thousands of names.
        for word in parts {
            for part in word where folded.utf8.firstRange(of: part.utf8) == nil { return false }
        }
        let tokens = Self.tokens(folded)
        if fit == .start {
            let flat = parts.flatMap { $0 }
            guard flat.count <= tokens.count else { return false }
            return zip(flat, tokens).enumerated().allSatisfy { offset, pair in
                offset == flat.count - 1 ? pair.1.hasPrefix(pair.0) : pair.1 == pair.0
            }
        }
        for (offset, word) in parts.enumerated() {
            let prefix = fit == .prefix && offset == parts.count - 1
            for part in word where !tokens.contains(where: { prefix ? $0.hasPrefix(part) : $0 == part }) {
                return false
            }
        }
        return true
    }
}
