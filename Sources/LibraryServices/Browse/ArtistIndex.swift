import Foundation
import LibraryCore

/// Items grouped under one index heading ("A", "B", ..., "#").
public struct IndexGroup<Item: Sendable & Equatable>: Sendable, Equatable {
    /// The heading: an uppercase letter without accents, or "#" for anything else.
    public var name: String
    public var items: [Item]

    public init(name: String, items: [Item]) {
        self.name = name
        self.items = items
    }
}

/// How artist and folder indexes are grouped: by the first letter of the sort name once a
/// leading article is ignored ("The Beatles" under B), accents folded ("Ömer" under O).
public enum ArtistIndex {
    /// Leading words ignored when indexing and sorting, as Subsonic's `ignoredArticles` lists them.
    public static let ignoredArticles = ["The", "An", "A", "Les", "Le", "La", "Los", "Las", "El", "Die", "Der", "Das"]

    /// Each of `ignoredArticles` folded and followed by a space, folded once rather than once
    /// per item: a 10,000-artist index would fold them 120,000 times.
    private static let articlePrefixes = ignoredArticles.map { TextFold.fold($0) + " " }

    /// The text an item is sorted and indexed by: its sort name (or name), folded, without
    /// a leading article.
    public static func sortKey(name: String, sortName: String?) -> String {
        let folded = TextFold.fold(sortName.flatMap { $0.isEmpty ? nil : $0 } ?? name)
        for prefix in articlePrefixes {
            if folded.hasPrefix(prefix), folded.count > prefix.count {
                return String(folded.dropFirst(prefix.count)).trimmingCharacters(in: .whitespaces)
            }
        }
        return folded
    }

    /// The heading for a sort key: its first letter uppercased, or "#".
    public static func heading(forKey key: String) -> String {
        guard let first = key.first, first.isLetter else { return "#" }
        return String(first).uppercased()
    }

    /// `items` sorted by key and grouped by heading, headings in order ("#" last); items with
    /// equal keys keep their order.
    ///
    /// Positions are sorted, not (key, item) pairs, and each group is sized before it is
    /// filled: at a million tracks (100,000 artists) the pairs and their sorted copy were
    /// two more copies of every artist, and appending left groups up to twice their size.
    public static func group<Item: Sendable & Equatable>(
        _ items: [Item], name: (Item) -> String, sortName: (Item) -> String?
    ) -> [IndexGroup<Item>] {
        let arranged = arrangement(keys: items.map { sortKey(name: name($0), sortName: sortName($0)) })
        return arranged.headings.map { heading in
            IndexGroup(name: heading.name, items: arranged.order[heading.positions].map { items[Int($0)] })
        }
    }

    /// The index order of items with sort keys `keys` (see `IndexSortKeys.arrangement`).
    static func arrangement(keys: [String]) -> (order: [Int32], headings: [IndexHeading]) {
        var packed = IndexSortKeys()
        for key in keys { packed.append(key) }
        return packed.arrangement()
    }
}

/// One heading of an index and the positions of its items.
public struct IndexHeading: Sendable, Equatable {
    /// An uppercase letter without accents, or "#".
    public let name: String
    /// Where its items lie in the index's order.
    public let positions: Range<Int>
}
