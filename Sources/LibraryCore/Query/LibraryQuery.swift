import Foundation

/// A parsed library query (beets-style terms), compiled to a condition over `track AS t`.
///
/// Bare words match title, artist, album artist and album; `field:value` is a folded
/// substring, `field:=value` exact, `field::regex` a regular expression; numbers, lengths
/// and dates take ranges (`year:1990..1999`, `length:..3:00`, `added:-7d..`); `^` or `-`
/// negates a term; a `,` separates alternatives (AND binds tighter than OR).
public struct LibraryQuery: Sendable, Equatable, CustomStringConvertible {
    /// Alternatives (OR), each a conjunction (AND) of terms; empty matches everything.
    let alternatives: [[QueryTerm]]

    /// Matches every track.
    public static let all = LibraryQuery(alternatives: [])

    /// The field names a term can use, sorted.
    public static var fields: [String] { QueryField.names }

    /// Parses command-line terms; relative `path:` values resolve against `currentDirectory`.
    ///
    /// Each argument may hold several terms (`"album:\"Kind of Blue\" year:1959"`).
    public static func parse(_ arguments: [String], currentDirectory: String = FileManager.default.currentDirectoryPath) throws(QueryError) -> LibraryQuery {
        LibraryQuery(alternatives: try QueryParser.parse(arguments, currentDirectory: currentDirectory))
    }

    /// Parses a query stored as one string (e.g. a smart playlist's `description`).
    public static func parse(_ text: String) throws(QueryError) -> LibraryQuery {
        try parse([text], currentDirectory: "/")
    }

    /// The query as text that `parse` reads back to the same query.
    public var description: String {
        alternatives.map { $0.map(\.description).joined(separator: " ") }.joined(separator: " , ")
    }

    /// Whether the query has no terms (it matches every track).
    public var isEmpty: Bool { alternatives.isEmpty }

    /// Whether any term mentions `missing:`; when none does, callers usually hide missing tracks.
    public var includesMissing: Bool {
        alternatives.contains { $0.contains { $0.field?.name == "missing" } }
    }

    /// A boolean SQL expression over `track AS t` (and subqueries), with arguments.
    ///
    /// Dates resolve in the current time zone; relative dates count back from `now`.
    /// `field::regex` terms need the `regexp` function every `Connection` registers.
    public func condition(now: Date = Date()) -> SQLFragment {
        condition(now: now, calendar: Calendar.current)
    }

    /// A boolean SQL expression over `track AS t`, with dates resolved in `calendar`.
    public func condition(now: Date, calendar: Calendar) -> SQLFragment {
        QueryCompiler(now: now, calendar: calendar).condition(alternatives)
    }
}
