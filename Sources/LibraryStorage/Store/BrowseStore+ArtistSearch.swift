import CSQLite
import LibraryCore

// Artist search finds names first, in `artist_search` (v16), and orders each tier by the
// first present track crediting the name, read from the credits index. Walking the tracks
// whose artist columns match instead read every crediting track when the page did not
// fill: "various" walked the 57,039 tracks of Various Artists at a million tracks (0.87 s)
// to find one artist.

extension BrowseStore {
    /// Up to this many names matching a tier are ordered one by one through their credits;
    /// a tier matching more names (a letter or two) walks its tracks instead, which meets
    /// that many names within the first few tracks.
    package static let artistNameLimit = 400

    /// Below `artistNameLimit`, a tier matching more than this many names per artist the page
    /// asks for (offset and size) walks its tracks too: there the walk fills the page within
    /// its first tracks, cheaper than ordering every name (search3 "the" at 2,000 tracks
    /// matched 44 names for a page of 10).
    package static let artistNamesPerPage = 2

    /// One page of artists whose name matches `query` (every word, the last as a prefix),
    /// found through the present tracks that credit them; nil lists every album artist by
    /// name. A name equal to the words comes first, then names starting with them, then
    /// names holding them whole, then the rest; each tier in the order of the first track
    /// crediting the artist whose artist or album artist matches the tier (then the credit's
    /// role and position on that track). A tier matching more than `nameLimit` names walks
    /// its tracks instead (the same artists in the same order). A track walk that meets a
    /// row notes in `facts` that the artist columns hold the words, which spares the album
    /// and song searches a probe.
    package static func searchArtists(
        _ query: SearchQuery?, page: Page, libraryID: Int64?, userID: Int64, nameLimit: Int = artistNameLimit,
        facts: inout SearchFacts, _ db: Connection
    ) throws -> [BrowseArtist] {
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
        let names = NameMatch(query)
        // Ordering names through their credits costs a lookup and a track read per name; a
        // tier matching many names next to the page meets enough of them in its first tracks.
        let limit = min(nameLimit, max(artistNamesPerPage * (page.offset + page.size), artistNamesPerPage))
        let presence = TrackPresence(libraryID: libraryID, everyOneShown: try facts.everyIndexedTrackIsShown(libraryID: libraryID, db))
        for fit in [SearchQuery.WordFit.start, .whole, .prefix] where !found.isFull {
            if let ranked = try artistsByFirstCredit(query, fit, names: names, limit: limit, skipping: found.met, library: library, db) {
                found.add(ranked)
            } else if try walkArtistTier(query, fit, names: names, into: &found, presence: presence, db) {
                facts.note(true, in: SearchTier.artistColumns)
            }
        }
        return try artists(ids: found.ids, userID: userID, db)
    }

    /// The artists not in `met` whose name matches `fit` and that a present track credits
    /// where the track's artist or album artist matches `fit` too, in the order the tier's
    /// track walk meets them; nil when more than `limit` names match.
    private static func artistsByFirstCredit(
        _ query: SearchQuery, _ fit: SearchQuery.WordFit, names: NameMatch, limit: Int, skipping met: Set<Int64>, library: SQL, _ db: Connection
    ) throws -> [Int64]? {
        // The ids alone first: most tiers over the limit are walked instead, and their names
        // would be read for nothing.
        let ids: [Int64] = try db.values("""
            SELECT rowid FROM artist_search WHERE artist_search MATCH \(query.match(["name_fold"], fit)) LIMIT \(limit + 1)
            """)
        guard ids.count <= limit else { return nil }
        var candidates: [(id: Int64, name: String)] = []
        if !ids.isEmpty {
            let named: SQL = "SELECT ar.id, ar.name FROM json_each(\(JSONText.encode(ids: ids))) j JOIN artist ar ON ar.id = j.value"
            try db.forEach(named) { row in candidates.append((row.column(0) ?? 0, row.column(1) ?? "")) }
        }
        // The credits index holds (artist_id, track_id, role, position): each artist's
        // credits come in the order the track walk would meet them.
        var firsts: [(track: Int64, role: String, position: Int64, artist: Int64)] = []
        for candidate in candidates where !met.contains(candidate.id) && names.matches(candidate.name, fit) {
            let credits: SQL = """
                SELECT ta.track_id, ta.role, ta.position, t.artist_fold, t.album_artist_fold
                FROM track_artist ta JOIN track t ON t.id = ta.track_id
                WHERE ta.artist_id = \(candidate.id) AND t.missing_since IS NULL\(library)
                ORDER BY ta.track_id, ta.role, ta.position
                """
            let statement = try db.cachedStatement(credits)
            try statement.bind(credits.arguments)
            while try statement.step() {
                let columns = [statement.column(3) ?? "", statement.column(4) ?? ""] as [String]
                guard names.matches(columns, fit) else { continue }
                firsts.append((statement.column(0) ?? 0, statement.column(1) ?? "", statement.column(2) ?? 0, candidate.id))
                break
            }
            sqlite3_reset(statement.handle)
        }
        firsts.sort { ($0.track, $0.role, $0.position) < ($1.track, $1.role, $1.position) }
        return firsts.map(\.artist)
    }

    /// Walks the tracks whose artist or album artist matches `fit`, in id order, adding each
    /// artist they credit whose name matches too, until the page is full; returns whether
    /// the walk met any track.
    private static func walkArtistTier(
        _ query: SearchQuery, _ fit: SearchQuery.WordFit, names: NameMatch, into found: inout TieredPage,
        presence: TrackPresence, _ db: Connection
    ) throws -> Bool {
        // A track is checked only for a credit whose name matches and whose artist is not on
        // the page yet; each name is checked once.
        var nameMatches: [Int64: Bool] = [:]
        var met = found.met
        let tier = query.match(SearchTier.artistColumns, fit)
        return try found.collect(db, """
            SELECT ar.id, ar.name, ta.track_id FROM track_search
            JOIN track_artist ta ON ta.track_id = track_search.rowid JOIN artist ar ON ar.id = ta.artist_id
            WHERE track_search MATCH \(tier)
            ORDER BY track_search.rowid
            """) { row in
            guard let id: Int64 = row.column(0), !met.contains(id) else { return nil }
            let matches = nameMatches[id] ?? names.matches(row.column(1) ?? "", fit)
            nameMatches[id] = matches
            guard matches, let track: Int64 = row.column(2), try presence.isPresent(track, db) else { return nil }
            met.insert(id)
            return id
        }
    }
}

/// Whether a track is present (not missing, in the library asked for), for a search that
/// meets tracks through their credits. When no track is missing and every library is
/// searched (`SearchFacts.everyIndexedTrackIsShown`), every credited track is present (a
/// credit's track exists: the foreign key), so no track's row is read.
struct TrackPresence {
    private let libraryID: Int64?
    private let everyOneShown: Bool

    init(libraryID: Int64?, everyOneShown: Bool) {
        self.libraryID = libraryID
        self.everyOneShown = everyOneShown
    }

    /// Whether track `id` is present.
    func isPresent(_ id: Int64, _ db: Connection) throws -> Bool {
        if everyOneShown { return true }
        let library = BrowseStore.libraryFilter(libraryID)
        let present: Int64? = try db.scalar("SELECT 1 FROM track t WHERE t.id = \(id) AND t.missing_since IS NULL\(library)")
        return present != nil
    }
}

/// Whether artist names, folded as the index folds them, hold a query's words as a tier asks.
/// Made once per search, so the words are split into runs of letters and digits once.
struct NameMatch {
    /// Each word's runs of letters and digits, as the index splits text into tokens.
    private let parts: [[String]]

    init(_ query: SearchQuery) {
        parts = query.words.map { Self.tokens($0).map(String.init) }
    }

    /// The runs of letters and digits in `text`. ASCII text, most names, is split on its
    /// bytes: a Unicode property lookup per character was most of an artist search's name
    /// matching, and in ASCII only A-Z, a-z and 0-9 are letters or numbers.
    static func tokens(_ text: String) -> [Substring] {
        let bytes = text.utf8
        guard bytes.allSatisfy({ $0 < 0x80 }) else { return text.split { !($0.isLetter || $0.isNumber) } }
        var result: [Substring] = []
        var start: String.Index?
        var index = bytes.startIndex
        while index != bytes.endIndex {
            let byte = bytes[index] | 0x20
            let isWordByte = (byte >= 0x61 && byte <= 0x7A) || (bytes[index] >= 0x30 && bytes[index] <= 0x39)
            if isWordByte, start == nil {
                start = index
            } else if !isWordByte, let first = start {
                result.append(text[first..<index])
                start = nil
            }
            index = bytes.index(after: index)
        }
        if let first = start { result.append(text[first..<bytes.endIndex]) }
        return result
    }

    /// Whether `text` holds the bytes of `part` anywhere: a plain byte search, where the
    /// generic `firstRange(of:)` was a third of name matching.
    static func holds(_ text: String, _ part: String) -> Bool {
        var text = text, part = part
        return text.withUTF8 { haystack in
            part.withUTF8 { needle in
                guard let first = needle.first else { return true }
                guard needle.count <= haystack.count else { return false }
                var start = 0
                while start <= haystack.count - needle.count {
                    if haystack[start] == first {
                        var offset = 1
                        while offset < needle.count, haystack[start + offset] == needle[offset] { offset += 1 }
                        if offset == needle.count { return true }
                    }
                    start += 1
                }
                return false
            }
        }
    }

    /// Whether `name`, folded, holds the words as `fit` asks.
    func matches(_ name: String, _ fit: SearchQuery.WordFit) -> Bool {
        matches([name], fit)
    }

    /// Whether `texts` (a track's columns), folded, hold the words as `fit` asks of them
    /// together, as an FTS5 column filter over several columns does: `.start` when one text
    /// starts with the words, otherwise when each word is in one of the texts.
    func matches(_ texts: [String], _ fit: SearchQuery.WordFit) -> Bool {
        let folded = texts.map(TextFold.fold)
        // Each part lies within a token, so texts lacking one are no match. Most names are
        // turned away here without being split into tokens: a Unicode property lookup per
        // character was the largest cost of an artist search that walks thousands of names.
        for word in parts {
            for part in word where !folded.contains(where: { Self.holds($0, part) }) { return false }
        }
        if fit == .start {
            let flat = parts.flatMap { $0 }
            return folded.contains { text in
                let tokens = Self.tokens(text)
                guard flat.count <= tokens.count else { return false }
                return zip(flat, tokens).enumerated().allSatisfy { offset, pair in
                    offset == flat.count - 1 ? pair.1.hasPrefix(pair.0) : pair.1 == pair.0
                }
            }
        }
        let tokens = folded.flatMap(Self.tokens)
        for (offset, word) in parts.enumerated() {
            let prefix = fit == .prefix && offset == parts.count - 1
            for part in word where !tokens.contains(where: { prefix ? $0.hasPrefix(part) : $0 == part }) {
                return false
            }
        }
        return true
    }
}
