import Foundation

// INTERFACE STUB: the Query work replaces this file with the full query language.

/// What a query lists.
public enum QueryTarget: String, Sendable, CaseIterable {
    case tracks, albums, artists
}

/// A piece of SQL with its arguments; user text only ever travels in `arguments`.
public struct SQLFragment: Sendable, Equatable {
    public var sql: String
    public var arguments: [DatabaseValue]

    public init(_ sql: String, _ arguments: [DatabaseValue] = []) {
        self.sql = sql
        self.arguments = arguments
    }
}

/// A malformed query or an unknown field, with a message naming the term.
public struct QueryError: Error, Equatable, Sendable, LocalizedError {
    public let term: String
    public let message: String

    public init(term: String, message: String) {
        self.term = term
        self.message = message
    }

    public var errorDescription: String? { message }
}

/// A parsed library query (beets-style terms), compiled to a condition over `track AS t`.
public struct LibraryQuery: Sendable, Equatable, CustomStringConvertible {
    let terms: [String]

    /// Matches every track.
    public static let all = LibraryQuery(terms: [])

    /// Parses command-line terms; relative `path:` values resolve against `currentDirectory`.
    public static func parse(_ arguments: [String], currentDirectory: String = FileManager.default.currentDirectoryPath) throws(QueryError) -> LibraryQuery {
        LibraryQuery(terms: arguments)
    }

    /// The query as text that `parse` reads back to the same query.
    public var description: String { terms.joined(separator: " ") }

    /// A boolean SQL expression over `track AS t` (and subqueries), with arguments.
    public func condition(now: Date = Date()) -> SQLFragment {
        SQLFragment("1")
    }
}

/// An ORDER BY made from `--sort` keys like `year+ title-`.
public struct SortOrder: Sendable, Equatable {
    let keys: [String]

    /// The default order for a target (tracks: album artist, album, disc, track, title).
    public static func defaultOrder(for target: QueryTarget) -> SortOrder { SortOrder(keys: []) }

    /// Parses sort keys (`field+` ascending, `field-` descending, bare is ascending).
    public static func parse(_ keys: [String]) throws(QueryError) -> SortOrder { SortOrder(keys: keys) }

    /// The ORDER BY expression list (without "ORDER BY") for the target's SELECT.
    public func sql(for target: QueryTarget) -> String {
        switch target {
        case .tracks: "coalesce(t.album_artist_sort, t.album_artist, t.artist_sort, t.artist) COLLATE NOCASE, t.album COLLATE NOCASE, t.disc_number, t.track_number, t.title COLLATE NOCASE, t.id"
        case .albums: "album_artist_sort_key COLLATE NOCASE, year, title_sort_key COLLATE NOCASE, a.id"
        case .artists: "sort_key COLLATE NOCASE, ar.id"
        }
    }
}
