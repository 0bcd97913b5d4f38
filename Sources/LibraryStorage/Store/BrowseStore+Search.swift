import Foundation
import LibraryCore

extension BrowseStore {
    /// One page of present songs matching `query` (best match first), or of every present
    /// song by id when `query` is nil, as ids.
    package static func searchSongIDs(_ query: SearchQuery?, page: Page, libraryID: Int64?, _ db: Connection) throws -> [Int64] {
        guard page.size > 0 else { return [] }
        let library = libraryFilter(libraryID)
        guard let query else {
            return try db.values(
                "SELECT t.id FROM track t WHERE t.missing_since IS NULL\(library) ORDER BY t.id LIMIT \(page.size) OFFSET \(page.offset)")
        }
        return try db.values("""
            SELECT t.id FROM track_search JOIN track t ON t.id = track_search.rowid
            WHERE track_search MATCH \(query.expression) AND t.missing_since IS NULL\(library)
            ORDER BY track_search.rank, t.id LIMIT \(page.size) OFFSET \(page.offset)
            """)
    }

    /// One page of albums with a present track whose album title, album artist or artist matches
    /// `query` (best match first), or of every album by id when `query` is nil.
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
        let match = "{album_fold album_artist_fold artist_fold} : (\(query.expression))"
        return try db.values("""
            SELECT t.album_id FROM track_search JOIN track t ON t.id = track_search.rowid
            WHERE track_search MATCH \(match) AND t.missing_since IS NULL AND t.album_id IS NOT NULL\(library)
            GROUP BY t.album_id ORDER BY min(track_search.rank), t.album_id LIMIT \(page.size) OFFSET \(page.offset)
            """)
    }

    /// One page of artists whose name matches `query` (every word, the last as a prefix),
    /// found through the tracks that credit them, best match first; nil lists every album
    /// artist by name.
    package static func searchArtists(_ query: SearchQuery?, page: Page, libraryID: Int64?, userID: Int64, _ db: Connection) throws -> [BrowseArtist] {
        guard page.size > 0 else { return [] }
        guard let query else { return try albumArtists(libraryID: libraryID, page: page, userID: userID, db) }
        let library = libraryFilter(libraryID)
        var matching: [Int64] = []
        // The index finds tracks crediting a matching name; the names themselves are checked
        // here, since a track credits other artists too.
        let match = "{artist_fold album_artist_fold} : (\(query.expression))"
        try db.forEach("""
            SELECT ar.id, ar.name FROM track_search JOIN track t ON t.id = track_search.rowid
            JOIN track_artist ta ON ta.track_id = t.id JOIN artist ar ON ar.id = ta.artist_id
            WHERE track_search MATCH \(match) AND t.missing_since IS NULL\(library)
            GROUP BY ar.id ORDER BY min(track_search.rank), ar.id
            """) { s in
            // Names past the page are not checked: folding each is the costly part.
            guard matching.count < page.offset + page.size else { return }
            guard let id: Int64 = s["id"], let name: String = s["name"], query.matches(name) else { return }
            matching.append(id)
        }
        let slice = Array(matching.dropFirst(page.offset).prefix(page.size))
        return try artists(ids: slice, userID: userID, db)
    }
}

extension SearchQuery {
    /// Whether `text` holds every word (the last as a word prefix), folded as the index folds.
    func matches(_ text: String) -> Bool {
        let tokens = TextFold.fold(text).split { !($0.isLetter || $0.isNumber) }.map(String.init)
        for (offset, word) in words.enumerated() {
            let last = offset == words.count - 1
            let parts = word.split { !($0.isLetter || $0.isNumber) }.map(String.init)
            for part in parts where !tokens.contains(where: { last ? $0.hasPrefix(part) : $0 == part }) {
                return false
            }
        }
        return true
    }
}
