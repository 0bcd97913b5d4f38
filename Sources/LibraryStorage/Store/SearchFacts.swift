import LibraryCore

/// One tier of a search: tracks holding the words in `columns` of `track_search` as `fit`
/// asks (or albums, in columns of `album_search`). Every fit implies the broadest one, the words (the last as a prefix) anywhere in
/// the same columns, and a tier over some columns implies one over more of them.
struct SearchTier {
    /// The `track_search` (or `album_search`) columns the words must lie in.
    let columns: [String]
    let fit: SearchQuery.WordFit

    init(_ columns: [String], _ fit: SearchQuery.WordFit) {
        self.columns = columns
        self.fit = fit
    }

    /// Every column of `track_search`, in its order.
    static let allColumns = ["title_fold", "artist_fold", "album_fold", "album_artist_fold", "composer_fold", "genre_fold"]

    /// The columns an artist search walks tracks by: artist and album artist.
    static let artistColumns = ["artist_fold", "album_artist_fold"]

    /// Every word anywhere, the last as a prefix: a search's last and broadest tier.
    static let anywhere = SearchTier(allColumns, .prefix)

    /// The tier's FTS5 expression for `query` (the query's own, unfiltered one for `anywhere`).
    func expression(_ query: SearchQuery) -> String {
        columns == Self.allColumns && fit == .prefix ? query.expression : query.match(columns, fit)
    }
}

/// What one search has learnt about where its words match, shared by its kinds (albums,
/// then songs) so a later probe is not run when an earlier query already answered it.
///
/// A tier that returned a row shows its columns hold a match, and so does every set of
/// columns containing them; a probe that found nothing shows its columns hold none, nor
/// does any set of columns within them. Only facts about `track_search` itself are kept:
/// a walk that returned no rows proves nothing (it also asks for present tracks).
///
/// It also keeps, once read, whether any track is missing (`everyIndexedTrackIsShown`), so
/// the three kinds' walks ask the missing tracks' index once between them.
package struct SearchFacts {
    private var matching: [Set<String>] = []
    private var empty: [Set<String>] = []
    /// Whether no track is missing, once read.
    private var noneMissing: Bool?

    /// No facts yet.
    package init() {}

    /// Whether some track holds the words (the last as a prefix) within `columns`: nil when
    /// nothing learnt so far answers that.
    package func anyMatch(in columns: [String]) -> Bool? {
        let columns = Set(columns)
        if matching.contains(where: { $0.isSubset(of: columns) }) { return true }
        if empty.contains(where: { columns.isSubset(of: $0) }) { return false }
        return nil
    }

    /// Notes what a probe or a tier found about `columns`.
    mutating func note(_ found: Bool, in columns: [String]) {
        if found {
            matching.append(Set(columns))
        } else {
            empty.append(Set(columns))
        }
    }

    /// Whether every track the search index holds is a present one a search over `libraryID`
    /// may show: no track is missing and every library is searched. Then a walk needs no
    /// look at the tracks' rows to leave the others out (reading `missing_since`, the last of
    /// 65 columns, was a third of the album walk). Read once per search, from the
    /// missing tracks' index. A track's entries leave the index with its row (a trigger), so
    /// the index holds no id without a track.
    mutating func everyIndexedTrackIsShown(libraryID: Int64?, _ db: Connection) throws -> Bool {
        guard libraryID == nil else { return false }
        if let noneMissing { return noneMissing }
        let missing: Int64? = try db.scalar("SELECT 1 FROM track WHERE missing_since IS NOT NULL LIMIT 1")
        noneMissing = missing == nil
        return missing == nil
    }
}
