/// Full-text search text, turned into a safe FTS5 MATCH expression over `track_search`.
///
/// Every word is folded like the indexed `*_fold` columns and quoted as an FTS5 string, so
/// `"`, `-`, `*`, `:`, `;`, `AND`, `NEAR` are literal text, never FTS5 syntax; the last
/// word is a prefix (`"blu"*` finds "Blue") so results appear while typing.
public struct SearchQuery: Sendable, Equatable {
    /// The folded words, in order.
    public let words: [String]

    /// Parses search text; throws when it has no letters or digits to search for.
    public static func parse(_ text: String) throws(QueryError) -> SearchQuery {
        let words = text.split(whereSeparator: \.isWhitespace)
            .map { TextFold.fold(String($0)) }
            // A word of punctuation only would be an FTS5 phrase of no tokens.
            .filter { $0.unicodeScalars.contains { $0.properties.isAlphabetic || $0.properties.numericType != nil } }
        guard !words.isEmpty else {
            throw QueryError(term: text, message: "nothing to search for in \"\(text)\": type at least one word with letters or digits")
        }
        return SearchQuery(words: words)
    }

    /// The FTS5 expression: `"w1" "w2" "last"*` (all words must match).
    public var expression: String {
        words.enumerated().map { offset, word in
            "\"" + word.replacingOccurrences(of: "\"", with: "\"\"") + "\"" + (offset == words.count - 1 ? "*" : "")
        }.joined(separator: " ")
    }
}
