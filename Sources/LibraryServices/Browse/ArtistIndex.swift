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
            IndexGroup(name: heading.name, items: arranged.order[heading.positions].map { items[$0] })
        }
    }

    /// The index order of items with sort keys `keys`: `order` lists their positions in
    /// `keys` group by group, and each heading (in order, "#" last) names its range of
    /// `order`. Within a heading items are in key order; equal keys keep their order.
    static func arrangement(keys: [String]) -> (order: [Int], headings: [IndexHeading]) {
        let sorted = keys.indices.sorted { keys[$0] < keys[$1] || (keys[$0] == keys[$1] && $0 < $1) }
        var rankOfHeading: [String: Int] = [:]
        var names: [String] = []
        var ranks: [Int] = []
        ranks.reserveCapacity(sorted.count)
        for position in sorted {
            let heading = heading(forKey: keys[position])
            if let rank = rankOfHeading[heading] {
                ranks.append(rank)
            } else {
                rankOfHeading[heading] = names.count
                ranks.append(names.count)
                names.append(heading)
            }
        }
        // Headings in order, "#" last; each heading's items keep their key order.
        let headingOrder = names.indices.sorted { (names[$0] == "#" ? 1 : 0, names[$0]) < (names[$1] == "#" ? 1 : 0, names[$1]) }
        var sizes = [Int](repeating: 0, count: names.count)
        for rank in ranks { sizes[rank] += 1 }
        var starts = [Int](repeating: 0, count: names.count)
        var headings: [IndexHeading] = []
        var next = 0
        for rank in headingOrder {
            starts[rank] = next
            headings.append(IndexHeading(name: names[rank], positions: next..<next + sizes[rank]))
            next += sizes[rank]
        }
        var order = [Int](repeating: 0, count: sorted.count)
        for (position, rank) in zip(sorted, ranks) {
            order[starts[rank]] = position
            starts[rank] += 1
        }
        return (order, headings)
    }
}

/// One heading of an index and the positions of its items.
public struct IndexHeading: Sendable, Equatable {
    /// An uppercase letter without accents, or "#".
    public let name: String
    /// Where its items lie in the index's order.
    public let positions: Range<Int>
}
