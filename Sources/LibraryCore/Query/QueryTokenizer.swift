import Foundation

/// One term as typed: its characters after quote removal, which of them were quoted
/// (quoted characters are never operators), and its source text for messages.
struct QueryWord: Equatable {
    var characters: [Character] = []
    var quoted: [Bool] = []
    var source = ""

    mutating func append(_ character: Character, quoted isQuoted: Bool) {
        characters.append(character)
        quoted.append(isQuoted)
    }

    /// Whether the unquoted text so far reads `[^-]field::`: commas inside a regular
    /// expression (`a{1,3}`) are literal, not OR.
    var isRegexTerm: Bool {
        var index = 0
        if index < characters.count, !quoted[index], characters[index] == "^" || characters[index] == "-" {
            index += 1
        }
        let nameStart = index
        while index < characters.count, !quoted[index], QueryWord.isNameCharacter(characters[index], first: index == nameStart) {
            index += 1
        }
        return index > nameStart && index + 1 < characters.count
            && characters[index] == ":" && !quoted[index]
            && characters[index + 1] == ":" && !quoted[index + 1]
    }

    /// Field names are ASCII identifiers: a letter or `_`, then letters, digits or `_`.
    static func isNameCharacter(_ character: Character, first: Bool) -> Bool {
        guard character.isASCII else { return false }
        return character.isLetter || character == "_" || (!first && character.isNumber)
    }
}

/// A token of the query language.
enum QueryToken: Equatable {
    /// A term: a bare word or `field:value`, possibly negated.
    case word(QueryWord)
    /// A comma: OR between the terms before and after it.
    case or
}

/// Splits query text into terms and commas.
///
/// `"..."` quotes anywhere in a term (`album:"Kind of Blue"`), with `\"` and `\\` as the only
/// escapes inside quotes; a `"` with no closing partner is an ordinary character. Text
/// holding several terms (a stored smart-playlist query, `--query`) separates them with
/// whitespace and takes an unquoted `,` as OR (except inside a regular expression term);
/// a command-line argument is one term whatever it holds, as in beets.
enum QueryTokenizer {
    /// The terms and commas of text holding several terms (`genre:jazz year:..1965`).
    static func tokenize(_ text: String) -> [QueryToken] {
        tokenize(Array(text), separatesTerms: true)
    }

    /// One command-line argument as one term: spaces and commas inside it are part of the
    /// term (`album:Kind of Blue`), except that a `,` ending it, or standing alone, is OR.
    static func tokenize(argument: String) -> [QueryToken] {
        var characters = Array(argument.trimmingCharacters(in: .whitespacesAndNewlines))
        let endsAlternative = characters.last == ","
        if endsAlternative { characters.removeLast() }
        let term = tokenize(characters, separatesTerms: false)
        return endsAlternative ? term + [.or] : term
    }

    private static func tokenize(_ characters: [Character], separatesTerms: Bool) -> [QueryToken] {
        var tokens: [QueryToken] = []
        var word: QueryWord?
        var wordStart = 0
        var index = 0

        func finish(at end: Int) {
            guard var finished = word else { return }
            finished.source = String(characters[wordStart..<end])
            tokens.append(.word(finished))
            word = nil
        }
        func begin(at start: Int) {
            if word == nil {
                word = QueryWord()
                wordStart = start
            }
        }

        while index < characters.count {
            let character = characters[index]
            if separatesTerms, character.isWhitespace {
                finish(at: index)
                index += 1
            } else if separatesTerms, character == ",", !(word?.isRegexTerm ?? false) {
                finish(at: index)
                tokens.append(.or)
                index += 1
            } else if character == "\"", let close = closingQuote(in: characters, after: index) {
                begin(at: index)
                var inner = index + 1
                while inner < close {
                    if characters[inner] == "\\", inner + 1 < close, characters[inner + 1] == "\"" || characters[inner + 1] == "\\" {
                        inner += 1
                    }
                    word?.append(characters[inner], quoted: true)
                    inner += 1
                }
                index = close + 1
            } else {
                begin(at: index)
                word?.append(character, quoted: character == "\"")
                index += 1
            }
        }
        finish(at: characters.count)
        return tokens
    }

    /// The index of the `"` closing the quote opened at `open`, skipping `\"` and `\\`.
    private static func closingQuote(in characters: [Character], after open: Int) -> Int? {
        var index = open + 1
        while index < characters.count {
            switch characters[index] {
            case "\\" where index + 1 < characters.count && (characters[index + 1] == "\"" || characters[index + 1] == "\\"):
                index += 2
            case "\"":
                return index
            default:
                index += 1
            }
        }
        return nil
    }

    /// `value` as it must be written so the tokenizer reads it back unchanged: plain when
    /// it is safe, otherwise in quotes with `\` and `"` escaped.
    static func quote(_ value: String, mustQuoteLeading leading: Set<Character> = [], quoteColons: Bool = false) -> String {
        let needsQuotes = value.isEmpty
            || value.contains(where: { $0.isWhitespace || $0 == "," || $0 == "\"" || (quoteColons && $0 == ":") })
            || leading.contains(value.first!)
        guard needsQuotes else { return value }
        var escaped = "\""
        for character in value {
            if character == "\\" || character == "\"" { escaped.append("\\") }
            escaped.append(character)
        }
        return escaped + "\""
    }
}
