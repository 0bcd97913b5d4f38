import Foundation

/// A parsed library query (beets-style terms), compiled to a condition over `track AS t`.
///
/// Bare words match title, artist, album artist and album; `field:value` is a folded
/// substring, `field:=value` exact, `field::regex` a regular expression; numbers, lengths
/// and dates take ranges (`year:1990..1999`, `length:..3:00`, `added:-7d..`); `^` or `-`
/// negates a term; a `,` separates alternatives (AND binds tighter than OR).
public struct LibraryQuery: Sendable, Equatable, CustomStringConvertible {
    /// Alternatives (OR), each a conjunction (AND) of terms; empty matches everything.
    package let alternatives: [[QueryTerm]]

    /// Matches every track.
    public static let all = LibraryQuery(alternatives: [])

    /// The field names a term can use, sorted.
    public static var fields: [String] { QueryField.names }

    /// Parses command-line arguments, each one term as in beets: `album:Kind of Blue` (one
    /// argument) is one term, spaces and all. A `,` standing alone or ending an argument is OR;
    /// `"..."` still quotes inside an argument. Relative `path:` values resolve against
    /// `currentDirectory`.
    public static func parse(arguments: [String], currentDirectory: String = FileManager.default.currentDirectoryPath) throws(QueryError) -> LibraryQuery {
        let tokens = arguments.flatMap(QueryTokenizer.tokenize(argument:))
        return LibraryQuery(alternatives: try QueryParser.parse(tokens, source: arguments.joined(separator: " "), currentDirectory: currentDirectory))
    }

    /// Parses text holding several terms separated by spaces (`genre:jazz year:..1965`), as a
    /// smart playlist stores it and `--query` takes it: quote a value with spaces
    /// (`album:"Kind of Blue"`); an unquoted `,` is OR. Relative `path:` values resolve against
    /// `currentDirectory`.
    public static func parse(_ text: String, currentDirectory: String = "/") throws(QueryError) -> LibraryQuery {
        LibraryQuery(alternatives: try QueryParser.parse(QueryTokenizer.tokenize(text), source: text, currentDirectory: currentDirectory))
    }

    /// The query as text that `parse(_:)` reads back to the same query: values with spaces
    /// or commas are quoted, so a query parsed from arguments can be stored as text.
    public var description: String {
        alternatives.map { $0.map(\.description).joined(separator: " ") }.joined(separator: " , ")
    }

    /// Whether the query has no terms (it matches every track).
    public var isEmpty: Bool { alternatives.isEmpty }

    /// Whether any term mentions `missing:`; when none does, callers usually hide missing tracks.
    public var includesMissing: Bool {
        alternatives.contains { $0.contains { $0.field?.name == "missing" } }
    }
}
