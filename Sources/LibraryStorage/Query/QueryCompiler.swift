import Foundation
import LibraryCore

/// Compiles terms to SQL over `track AS t`; values travel only as arguments.
struct QueryCompiler {
    let now: Date
    let calendar: Calendar

    /// The fold columns bare words search.
    static let wordColumns = ["t.title_fold", "t.artist_fold", "t.album_artist_fold", "t.album_fold"]

    func condition(_ alternatives: [[QueryTerm]]) -> SQLFragment {
        SQLFragment.joined(
            alternatives.map { terms in SQLFragment.joined(terms.map(condition), separator: " AND ", empty: "1") },
            separator: " OR ", empty: "1")
    }

    func condition(_ term: QueryTerm) -> SQLFragment {
        let positive = positiveCondition(term)
        guard term.isNegated else { return positive }
        // NULL columns make a comparison NULL; a negated term must still match those rows.
        return SQLFragment("NOT coalesce((\(positive.sql)), 0)", positive.arguments)
    }

    private func positiveCondition(_ term: QueryTerm) -> SQLFragment {
        guard let field = term.field else {
            guard case .contains(let word) = term.condition else { return SQLFragment("1") }
            let folded = DatabaseValue.text(TextFold.fold(word))
            return SQLFragment(
                QueryCompiler.wordColumns.map { "instr(\($0), ?) > 0" }.joined(separator: " OR "),
                Array(repeating: folded, count: QueryCompiler.wordColumns.count))
        }
        switch (field.kind, term.condition) {
        case (.text(let column, let fold), .contains(let text)):
            return contains(text, column: column, fold: fold)
        case (.multiText(_, _, let fold), .contains(let text)):
            return contains(text, column: fold, fold: fold)
        case (.text(let column, _), .equals(let text)), (.dateText(let column), .equals(let text)):
            return text.isEmpty
                ? SQLFragment("coalesce(\(column), '') = ''")
                : SQLFragment("\(column) = ?", [.text(text)])
        case (.multiText(let column, let json, _), .equals(let text)):
            return text.isEmpty
                ? SQLFragment("coalesce(\(column), '') = '' AND json_array_length(\(json)) = 0")
                : SQLFragment("\(column) = ? OR EXISTS (SELECT 1 FROM json_each(\(json)) WHERE value = ?)", [.text(text), .text(text)])
        case (.multiText(let column, let json, _), .matches(let pattern)):
            return SQLFragment(
                "regexp(?, \(column)) OR EXISTS (SELECT 1 FROM json_each(\(json)) WHERE regexp(?, value))",
                [.text(pattern), .text(pattern)])
        case (.text(let column, _), .matches(let pattern)), (.number(let column), .matches(let pattern)),
             (.dateText(let column), .matches(let pattern)):
            return SQLFragment("regexp(?, \(column))", [.text(pattern)])
        case (.number(let column), .number(let range)):
            return numeric(column: column, range.lower.map(QueryNumber.databaseValue), range.upper.map(QueryNumber.databaseValue), single: range.isSingle)
        case (.duration(let column), .duration(let range)):
            // One-second precision, like the displayed length: 3:00 covers 180000..<181000 ms.
            var parts: [SQLFragment] = []
            if let lower = range.lower { parts.append(SQLFragment("\(column) >= ?", [.integer(Int64(lower) * 1000)])) }
            if let upper = range.upper { parts.append(SQLFragment("\(column) < ?", [.integer(Int64(upper + 1) * 1000)])) }
            return SQLFragment.joined(parts, separator: " AND ", empty: "1")
        case (.timestamp(let column, let perSecond), .date(let range)):
            var parts: [SQLFragment] = []
            if let lower = range.lower {
                parts.append(SQLFragment("\(column) >= ?", [.integer(units(lower.start(now: now, calendar: calendar), perSecond))]))
            }
            if let upper = range.upper {
                if let end = upper.end(now: now, calendar: calendar) {
                    parts.append(SQLFragment("\(column) < ?", [.integer(units(end, perSecond))]))
                } else {
                    parts.append(SQLFragment("\(column) <= ?", [.integer(units(upper.start(now: now, calendar: calendar), perSecond))]))
                }
            }
            return SQLFragment.joined(parts, separator: " AND ", empty: "1")
        case (.dateText(let column), .date(let range)):
            var parts: [SQLFragment] = []
            if let lower = range.lower {
                parts.append(SQLFragment("\(column) >= ?", [.text(lower.isoStart(now: now, calendar: calendar))]))
            }
            if let upper = range.upper {
                parts.append(SQLFragment("\(column) < ?", [.text(upper.isoEnd(now: now, calendar: calendar))]))
            }
            return SQLFragment.joined(parts, separator: " AND ", empty: "1")
        case (.path, .pathPrefix(let path)):
            // A byte range rather than LIKE: exact, case-sensitive, and "/m/ab" is not under "/m/a".
            if path == "/" { return SQLFragment("t.path_text >= '/' AND t.path_text < '0'") }
            return SQLFragment(
                "t.path_text = ? OR (t.path_text >= ? AND t.path_text < ?)",
                [.text(path), .text(path + "/"), .text(path + "0")])
        case (.path, .equals(let path)):
            return SQLFragment("t.path_text = ?", [.text(path)])
        case (.path, .matches(let pattern)):
            return SQLFragment("regexp(?, t.path_text)", [.text(pattern)])
        case (.flag(let expression), .flag(let flag)):
            return SQLFragment(flag ? expression : "NOT (\(expression))")
        case (.library, .contains(let name)):
            return SQLFragment(
                "t.library_id IN (SELECT id FROM library WHERE name_key = ?)",
                [.text(LibraryRules.name.key(for: name.trimmingCharacters(in: .whitespaces)))])
        case (.library, .equals(let name)):
            return SQLFragment("t.library_id IN (SELECT id FROM library WHERE name = ?)", [.text(name)])
        case (.library, .matches(let pattern)):
            return SQLFragment("t.library_id IN (SELECT id FROM library WHERE regexp(?, name))", [.text(pattern)])
        default:
            // The parser only builds the pairs above.
            preconditionFailure("query field \(field.name) cannot hold \(term.condition)")
        }
    }

    private func contains(_ text: String, column: String, fold: String?) -> SQLFragment {
        if let fold {
            return SQLFragment("instr(\(fold), ?) > 0", [.text(TextFold.fold(text))])
        }
        return SQLFragment("instr(lower(\(column)), ?) > 0", [.text(text.lowercased())])
    }

    private func numeric(column: String, _ lower: DatabaseValue?, _ upper: DatabaseValue?, single: Bool) -> SQLFragment {
        if single, let lower { return SQLFragment("\(column) = ?", [lower]) }
        var parts: [SQLFragment] = []
        if let lower { parts.append(SQLFragment("\(column) >= ?", [lower])) }
        if let upper { parts.append(SQLFragment("\(column) <= ?", [upper])) }
        return SQLFragment.joined(parts, separator: " AND ", empty: "1")
    }

    private func units(_ date: Date, _ perSecond: Int64) -> Int64 {
        Int64(date.timeIntervalSince1970.rounded(.down)) * perSecond
    }
}
