import Foundation
import LibraryCore

/// Compiles terms to SQL over `track AS t`; values travel only as arguments.
struct QueryCompiler {
    let now: Date
    /// Asked only when a date term is compiled: `Calendar.current` reads the locale's and the
    /// time zone's data through ICU, which a query without dates (most of them) never needs.
    let calendarForDates: () -> Calendar

    private var calendar: Calendar { calendarForDates() }

    /// The fold columns bare words search.
    static let wordColumns = ["t.title_fold", "t.artist_fold", "t.album_artist_fold", "t.album_fold"]

    func condition(_ alternatives: [[QueryTerm]]) -> SQL {
        SQL.joined(
            alternatives.map { terms in SQL.joined(terms.map(condition), separator: " AND ", empty: "1") },
            separator: " OR ", empty: "1")
    }

    func condition(_ term: QueryTerm) -> SQL {
        let positive = positiveCondition(term)
        guard term.isNegated else { return positive }
        // NULL columns make a comparison NULL; a negated term must still match those rows.
        return "NOT coalesce((\(positive)), 0)"
    }

    private func positiveCondition(_ term: QueryTerm) -> SQL {
        guard let field = term.field else {
            guard case .contains(let word) = term.condition else { return "1" }
            let folded = TextFold.fold(word)
            return QueryCompiler.wordColumns.map { "instr(\(sql: $0), \(folded)) > 0" as SQL }.joined(separator: " OR ")
        }
        switch (field.kind, term.condition) {
        case (.text(let column, let fold), .contains(let text)):
            return contains(text, column: column, fold: fold)
        case (.multiText(_, _, let fold), .contains(let text)):
            return contains(text, column: fold, fold: fold)
        case (.text(let column, _), .equals(let text)), (.dateText(let column), .equals(let text)):
            return text.isEmpty ? "coalesce(\(sql: column), '') = ''" : "\(sql: column) = \(text)"
        case (.multiText(let column, let json, _), .equals(let text)):
            return text.isEmpty
                ? "coalesce(\(sql: column), '') = '' AND json_array_length(\(sql: json)) = 0"
                : "\(sql: column) = \(text) OR EXISTS (SELECT 1 FROM json_each(\(sql: json)) WHERE value = \(text))"
        case (.multiText(let column, let json, _), .matches(let pattern)):
            return "regexp(\(pattern), \(sql: column)) OR EXISTS (SELECT 1 FROM json_each(\(sql: json)) WHERE regexp(\(pattern), value))"
        case (.text(let column, _), .matches(let pattern)), (.number(let column), .matches(let pattern)),
             (.dateText(let column), .matches(let pattern)):
            return "regexp(\(pattern), \(sql: column))"
        case (.number(let column), .number(let range)):
            return numeric(column: column, range.lower.map(QueryNumber.databaseValue), range.upper.map(QueryNumber.databaseValue), single: range.isSingle)
        case (.duration(let column), .duration(let range)):
            // One-second precision, like the displayed length: 3:00 covers 180000..<181000 ms.
            var parts: [SQL] = []
            if let lower = range.lower { parts.append("\(sql: column) >= \(Int64(lower) * 1000)") }
            if let upper = range.upper { parts.append("\(sql: column) < \(Int64(upper + 1) * 1000)") }
            return SQL.joined(parts, separator: " AND ", empty: "1")
        case (.timestamp(let column, let perSecond), .date(let range)):
            var parts: [SQL] = []
            if let lower = range.lower {
                parts.append("\(sql: column) >= \(units(lower.start(now: now, calendar: calendar), perSecond))")
            }
            if let upper = range.upper {
                if let end = upper.end(now: now, calendar: calendar) {
                    parts.append("\(sql: column) < \(units(end, perSecond))")
                } else {
                    parts.append("\(sql: column) <= \(units(upper.start(now: now, calendar: calendar), perSecond))")
                }
            }
            return SQL.joined(parts, separator: " AND ", empty: "1")
        case (.dateText(let column), .date(let range)):
            var parts: [SQL] = []
            if let lower = range.lower {
                parts.append("\(sql: column) >= \(lower.isoStart(now: now, calendar: calendar))")
            }
            if let upper = range.upper {
                parts.append("\(sql: column) < \(upper.isoEnd(now: now, calendar: calendar))")
            }
            return SQL.joined(parts, separator: " AND ", empty: "1")
        case (.path, .pathPrefix(let path)):
            // A byte range rather than LIKE: exact, case-sensitive, and "/m/ab" is not under "/m/a".
            if path == "/" { return "t.path_text >= '/' AND t.path_text < '0'" }
            return "t.path_text = \(path) OR (t.path_text >= \(path + "/") AND t.path_text < \(path + "0"))"
        case (.path, .equals(let path)):
            return "t.path_text = \(path)"
        case (.path, .matches(let pattern)):
            return "regexp(\(pattern), t.path_text)"
        case (.flag(let expression), .flag(let flag)):
            return flag ? "\(sql: expression)" : "NOT (\(sql: expression))"
        case (.library, .contains(let name)):
            let key = LibraryRules.name.key(for: name.trimmingCharacters(in: .whitespaces))
            return "t.library_id IN (SELECT id FROM library WHERE name_key = \(key))"
        case (.library, .equals(let name)):
            return "t.library_id IN (SELECT id FROM library WHERE name = \(name))"
        case (.library, .matches(let pattern)):
            return "t.library_id IN (SELECT id FROM library WHERE regexp(\(pattern), name))"
        default:
            // The parser only builds the pairs above.
            preconditionFailure("query field \(field.name) cannot hold \(term.condition)")
        }
    }

    private func contains(_ text: String, column: String, fold: String?) -> SQL {
        if let fold {
            return "instr(\(sql: fold), \(TextFold.fold(text))) > 0"
        }
        return "instr(lower(\(sql: column)), \(text.lowercased())) > 0"
    }

    private func numeric(column: String, _ lower: DatabaseValue?, _ upper: DatabaseValue?, single: Bool) -> SQL {
        if single, let lower { return "\(sql: column) = \(lower)" }
        var parts: [SQL] = []
        if let lower { parts.append("\(sql: column) >= \(lower)") }
        if let upper { parts.append("\(sql: column) <= \(upper)") }
        return SQL.joined(parts, separator: " AND ", empty: "1")
    }

    private func units(_ date: Date, _ perSecond: Int64) -> Int64 {
        Int64(date.timeIntervalSince1970.rounded(.down)) * perSecond
    }
}

extension SQL {
    /// The fragments joined by `separator` (e.g. " AND "), each in parentheses when there
    /// is more than one; `empty` when there are none.
    static func joined(_ fragments: [SQL], separator: String, empty: SQL) -> SQL {
        switch fragments.count {
        case 0: empty
        case 1: fragments[0]
        default: fragments.map { "(\($0))" as SQL }.joined(separator: separator)
        }
    }
}
