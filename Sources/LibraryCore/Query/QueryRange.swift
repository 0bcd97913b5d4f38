/// A closed range with optional ends, parsed from `a..b`, `a..`, `..b` or a single `a`.
package struct QueryRange<Bound: Equatable & Sendable>: Equatable, Sendable {
    package var lower: Bound?
    package var upper: Bound?

    /// Whether this came from a single value (`year:1997`) rather than a range.
    package var isSingle: Bool { lower != nil && lower == upper }

    /// Splits `text` at `..` and parses each side with `parse`.
    ///
    /// Throws when there is more than one `..`, both sides are empty, or a side does not
    /// parse; `expected` names what a side should be and `example` shows valid input.
    package static func parse(
        _ text: String, term: String, expected: String, example: String,
        _ parse: (String) -> Bound?
    ) throws(QueryError) -> QueryRange {
        let parts = text.components(separatedBy: "..")
        func bound(_ part: String) throws(QueryError) -> Bound? {
            if part.isEmpty { return nil }
            guard let value = parse(part) else {
                throw QueryError.bad(term, "\"\(part)\" is not \(expected)", "use \(example)")
            }
            return value
        }
        switch parts.count {
        case 1:
            guard !text.isEmpty else {
                throw QueryError.bad(term, "missing value", "use \(example)")
            }
            let value = try bound(text)
            return QueryRange(lower: value, upper: value)
        case 2:
            let range = QueryRange(lower: try bound(parts[0]), upper: try bound(parts[1]))
            guard range.lower != nil || range.upper != nil else {
                throw QueryError.bad(term, "a range needs at least one end", "use \(example)")
            }
            return range
        default:
            throw QueryError.bad(term, "malformed range (more than one \"..\")", "use \(example)")
        }
    }

    /// The canonical text: `a`, `a..b`, `a..` or `..b`.
    package func description(_ render: (Bound) -> String) -> String {
        if isSingle, let lower { return render(lower) }
        return (lower.map(render) ?? "") + ".." + (upper.map(render) ?? "")
    }
}

extension QueryRange where Bound: Comparable {
    /// Throws when the range runs backwards (`1999..1990`).
    package func checkOrder(term: String) throws(QueryError) {
        if let lower, let upper, lower > upper {
            throw QueryError.bad(term, "the range starts after it ends", "put the smaller value first")
        }
    }
}
