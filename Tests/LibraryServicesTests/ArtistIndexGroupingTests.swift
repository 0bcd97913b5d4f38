import LibraryCore
import LibraryServices
import TestKit
import Testing

@Suite("The artist index groups by folded sort key; groups are sized to their items")
struct ArtistIndexGroupingTests {
    /// A name and an optional sort name, as the index reads them.
    struct Named: Sendable, Equatable {
        let number: Int
        let name: String
        let sortName: String?
    }

    /// The grouping as it was written before positions were sorted: (key, item) pairs sorted
    /// by key, appended to the group of their heading, headings in order with "#" last.
    static func pairGrouping(_ items: [Named]) -> [IndexGroup<Named>] {
        let keyed = items.map { (key: ArtistIndex.sortKey(name: $0.name, sortName: $0.sortName), item: $0) }
            .sorted { $0.key < $1.key }
        var groups: [IndexGroup<Named>] = []
        for (key, item) in keyed {
            let heading = ArtistIndex.heading(forKey: key)
            if let existing = groups.firstIndex(where: { $0.name == heading }) {
                groups[existing].items.append(item)
            } else {
                groups.append(IndexGroup(name: heading, items: [item]))
            }
        }
        return groups.sorted { ($0.name == "#" ? 1 : 0, $0.name) < ($1.name == "#" ? 1 : 0, $1.name) }
    }

    /// Names that fold, sort and group differently: articles, accents, digits, symbols, other
    /// scripts, empty sort names, and names whose keys are equal.
    static func names(count: Int, seed: UInt64) -> [Named] {
        var random = SplitMix(seed: seed)
        let words = ["The Beatles", "Beatles", "beatles", "Ömer", "omer", "Élan", "A Tribe", "Die Ärzte", "Los Lobos",
                     "2Pac", "!!!", "東京事変", "Ωmega", "zz top", "La Roux", "Le Tigre", "An Horse", "The", "Αλφα", " Space",
                     // The same letters composed and decomposed: they must sort as one key.
                     "E\u{301}cole", "École", "か\u{3099}ん", "がん"]
        return (0..<count).map { number in
            let name = words[Int.random(in: 0..<words.count, using: &random)] + (Bool.random(using: &random) ? "" : " \(number % 7)")
            let sortName: String? = switch Int.random(in: 0..<4, using: &random) {
            case 0: nil
            case 1: ""
            case 2: words[Int.random(in: 0..<words.count, using: &random)]
            default: name
            }
            return Named(number: number, name: name, sortName: sortName)
        }
    }

    @Test(arguments: [0, 1, 2, 40, 1_000, 5_000])
    func groupsEqualTheGroupingOfSortedPairs(count: Int) {
        let items = Self.names(count: count, seed: UInt64(count) + 7)
        let grouped = ArtistIndex.group(items, name: \.name, sortName: \.sortName)
        #expect(grouped == Self.pairGrouping(items))
        #expect(grouped.flatMap(\.items).count == count)
    }

    @Test func eachGroupHoldsNoMoreRoomThanItsItems() {
        // Appending one by one leaves 3,000 items with room for 4,096 and 301 with room for 512;
        // sized first, the allocator's rounding adds at most a quarter.
        let items = (0..<3_000).map { Named(number: $0, name: "Name \($0 % 10)", sortName: nil) }
            + (0..<301).map { Named(number: $0, name: "Other \($0)", sortName: nil) }
        let grouped = ArtistIndex.group(items, name: \.name, sortName: \.sortName)
        #expect(grouped.map(\.name) == ["N", "O"])
        #expect(Self.pairGrouping(items).contains { $0.items.capacity >= $0.items.count * 5 / 4 }, "the bound tells them apart")
        for group in grouped {
            #expect(group.items.capacity < group.items.count * 5 / 4, "group \(group.name)")
        }
    }
}
