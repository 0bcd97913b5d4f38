/// One parsed term: a bare word or a field condition, possibly negated.
package struct QueryTerm: Equatable, Sendable {
    package var isNegated: Bool
    /// nil for a bare word (matched against title, artist, album artist and album).
    package var field: QueryField?
    package var condition: QueryCondition
}

/// What a term asks of its field.
package enum QueryCondition: Equatable, Sendable {
    /// Case- and accent-insensitive substring (`field:value`, bare words, `library:NAME`).
    case contains(String)
    /// Exact, case-sensitive (`field:=value`).
    case equals(String)
    /// Case-insensitive regular expression (`field::regex`).
    case matches(String)
    case number(QueryRange<Double>)
    /// Whole seconds.
    case duration(QueryRange<Int>)
    case date(QueryRange<QueryDate>)
    /// A folder or file and everything under it: an absolute, standardised NFC path.
    case pathPrefix(String)
    case flag(Bool)
}

extension QueryTerm: CustomStringConvertible {
    /// The canonical text of the term, which parses back to an equal term.
    package var description: String {
        let prefix = isNegated ? "^" : ""
        guard let field else {
            guard case .contains(let word) = condition else { return prefix }
            return prefix + QueryTokenizer.quote(word, mustQuoteLeading: ["^", "-"], quoteColons: true)
        }
        let value: String
        switch condition {
        case .contains(let text): value = QueryTokenizer.quote(text, mustQuoteLeading: ["=", ":"])
        case .equals(let text): value = "=" + QueryTokenizer.quote(text)
        case .matches(let pattern): value = ":" + QueryTokenizer.quote(pattern)
        case .number(let range): value = range.description(QueryNumber.render)
        case .duration(let range): value = range.description(QueryDuration.render)
        case .date(let range): value = range.description(\.description)
        case .pathPrefix(let path): value = QueryTokenizer.quote(path, mustQuoteLeading: ["=", ":"])
        case .flag(let flag): value = flag ? "true" : "false"
        }
        return prefix + field.name + ":" + value
    }
}
