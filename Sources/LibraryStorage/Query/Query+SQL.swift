import Foundation
import LibraryCore

// The query language compiled to SQL: the model (LibraryCore) parses queries, searches and
// sort keys; this storage turns them into SQL over its schema.

extension LibraryQuery {
    /// A boolean SQL expression over `track AS t` (and subqueries), with arguments.
    ///
    /// Dates resolve in the current time zone; relative dates count back from `now`.
    /// `field::regex` terms need the `regexp` function every `Connection` registers.
    package func condition(now: Date = Date()) -> SQL {
        condition(now: now, calendar: Calendar.current)
    }

    /// A boolean SQL expression over `track AS t`, with dates resolved in `calendar`, which is
    /// evaluated only if a term holds a date (`Calendar.current` reads ICU's locale and time
    /// zone data, ~50 pages of a server that never needs them).
    package func condition(now: Date, calendar: @escaping @autoclosure () -> Calendar) -> SQL {
        QueryCompiler(now: now, calendarForDates: calendar).condition(alternatives)
    }
}

extension SearchQuery {
    /// `track_search MATCH ?` with the expression as its argument.
    ///
    /// The service runs `SELECT ... FROM track_search JOIN track t ON t.id = track_search.rowid
    /// WHERE track_search MATCH ? ORDER BY rank` (rank is bm25, title weighted highest).
    package func match() -> SQL {
        "track_search MATCH \(expression)"
    }
}

extension LibraryCore.SortOrder {
    /// The ORDER BY expression list (without "ORDER BY") for the target's SELECT, ending
    /// with the id as a unique tiebreak.
    package func sql(for target: QueryTarget) -> String {
        let table = SortColumns.table(for: target)
        var applicable = keys.filter { table[$0.field] != nil }
        if applicable.isEmpty {
            applicable = LibraryCore.SortOrder.defaultOrder(for: target).keys
        }
        var terms = applicable.compactMap { key -> String? in
            guard let column = table[key.field] else { return nil }
            return column.expression + (column.isText ? " COLLATE NOCASE" : "") + (key.ascending ? "" : " DESC")
        }
        let tiebreak = table["id"]!.expression
        if !terms.contains(where: { $0.hasPrefix(tiebreak) }) {
            terms.append(tiebreak)
        }
        return terms.joined(separator: ", ")
    }
}

extension QueryNumber {
    /// A query number as the value SQLite compares: an integer when it is one.
    static func databaseValue(_ value: Double) -> DatabaseValue {
        if let integer = Int64(exactly: value) { return .integer(integer) }
        return .real(value)
    }
}
