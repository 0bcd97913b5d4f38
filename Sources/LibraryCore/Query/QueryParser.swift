import Foundation

/// Reads tokens into an OR of ANDs of terms, checking every field and value.
enum QueryParser {
    /// Parses `tokens` (read from `source`, named in messages) into alternatives.
    static func parse(_ tokens: [QueryToken], source: String, currentDirectory: String) throws(QueryError) -> [[QueryTerm]] {
        guard !tokens.isEmpty else { return [] }
        var alternatives: [[QueryTerm]] = []
        var current: [QueryTerm] = []
        for (offset, token) in tokens.enumerated() {
            switch token {
            case .word(let word):
                current.append(try term(word, currentDirectory: currentDirectory))
            case .or:
                guard !current.isEmpty, offset + 1 < tokens.count, tokens[offset + 1] != .or else {
                    throw QueryError.bad(
                        source, "dangling \",\" (OR)",
                        "put a term on both sides of \",\", or quote a value that contains a comma")
                }
                alternatives.append(current)
                current = []
            }
        }
        alternatives.append(current)
        return alternatives
    }

    static func term(_ word: QueryWord, currentDirectory: String) throws(QueryError) -> QueryTerm {
        let characters = word.characters
        let quoted = word.quoted
        var start = 0
        var isNegated = false
        if let first = characters.first, !quoted[0], first == "^" || first == "-" {
            guard characters.count > 1 else {
                throw QueryError.bad(word.source, "nothing to negate", "put a term right after \(first), or quote it to search for it")
            }
            isNegated = true
            start = 1
        }
        if let colon = fieldColon(in: word, from: start) {
            let name = String(characters[start..<colon]).lowercased()
            guard let field = QueryField.named(name) else {
                throw QueryError(
                    term: word.source,
                    message: "unknown field \"\(name)\" in \"\(word.source)\": valid fields are \(QueryField.names.joined(separator: ", "))")
            }
            var valueStart = colon + 1
            var operation = Operation.plain
            if valueStart < characters.count, !quoted[valueStart] {
                if characters[valueStart] == ":" {
                    operation = .regex
                    valueStart += 1
                } else if characters[valueStart] == "=" {
                    operation = .exact
                    valueStart += 1
                }
            }
            let value = String(characters[valueStart...])
            let condition = try QueryParser.condition(field, operation, value, term: word.source, currentDirectory: currentDirectory)
            return QueryTerm(isNegated: isNegated, field: field, condition: condition)
        }
        return QueryTerm(isNegated: isNegated, field: nil, condition: .contains(String(characters[start...])))
    }

    /// The index of the `:` ending an unquoted field name that starts at `start`, if the
    /// term reads `field:...`; words like `12:00` or `"Re: Stacks"` are bare words.
    private static func fieldColon(in word: QueryWord, from start: Int) -> Int? {
        var index = start
        while index < word.characters.count, !word.quoted[index],
              QueryWord.isNameCharacter(word.characters[index], first: index == start) {
            index += 1
        }
        guard index > start, index < word.characters.count, !word.quoted[index], word.characters[index] == ":" else {
            return nil
        }
        return index
    }

    enum Operation { case plain, exact, regex }

    private static func condition(
        _ field: QueryField, _ operation: Operation, _ value: String, term: String, currentDirectory: String
    ) throws(QueryError) -> QueryCondition {
        if operation == .regex {
            switch field.kind {
            case .text, .multiText, .number, .dateText, .path, .library:
                try checkRegex(value, term: term)
                return .matches(value)
            case .duration, .timestamp, .flag:
                throw QueryError.bad(term, "\"\(field.name)\" cannot be matched with a regular expression", "use \(field.name):VALUE or a range")
            }
        }
        switch field.kind {
        case .text, .multiText:
            return operation == .exact ? .equals(value) : .contains(value)
        case .library:
            if operation == .exact { return .equals(value) }
            guard !value.isEmpty else {
                throw QueryError.bad(term, "missing library name", "use library:NAME")
            }
            return .contains(value)
        case .number:
            let range = try QueryRange<Double>.parse(
                value, term: term, expected: "a number", example: "a number or a range like \(field.name):10..20, \(field.name):10.. or \(field.name):..20",
                QueryNumber.parse)
            try range.checkOrder(term: term)
            return .number(range)
        case .duration:
            let range = try QueryRange<Int>.parse(
                value, term: term, expected: "a duration", example: "m:ss or seconds, or a range like length:3:00..5:00",
                QueryDuration.parse)
            try range.checkOrder(term: term)
            return .duration(range)
        case .timestamp, .dateText:
            if case .dateText = field.kind, operation == .exact { return .equals(value) }
            var range = try QueryRange<QueryDate>.parse(value, term: term, expected: "a date", example: QueryDate.example, QueryDate.parse)
            if range.isSingle, case .relative? = range.lower {
                range.upper = nil
            }
            if let lower = range.lower, let upper = range.upper, case .period = lower, case .period = upper,
               lower.description >= upper.isoEnd(now: Date(), calendar: Calendar(identifier: .gregorian)) {
                throw QueryError.bad(term, "the range starts after it ends", "put the earlier date first")
            }
            return .date(range)
        case .path:
            guard !value.isEmpty else {
                throw QueryError.bad(term, "missing path", "use path:FOLDER (absolute, or relative to the current folder)")
            }
            let resolved = QueryPath.resolve(value, currentDirectory: currentDirectory)
            return operation == .exact ? .equals(resolved) : .pathPrefix(resolved)
        case .flag:
            switch value.lowercased() {
            case "true", "yes", "1": return .flag(true)
            case "false", "no", "0": return .flag(false)
            default:
                throw QueryError.bad(term, "\"\(value)\" is not true or false", "use \(field.name):true or \(field.name):false (yes/no and 1/0 work too)")
            }
        }
    }

    private static func checkRegex(_ pattern: String, term: String) throws(QueryError) {
        guard !pattern.isEmpty else {
            throw QueryError.bad(term, "empty regular expression", "put a pattern after \"::\"")
        }
        // The engine SQL's `regexp` runs, so a term that parses also runs.
        do {
            _ = try RE2Pattern(pattern)
        } catch {
            throw QueryError.bad(
                term, "invalid regular expression (RE2: \(error.reason))",
                "check its brackets and escapes (quote it if it has spaces); RE2 has no backreferences or lookaround")
        }
    }
}
