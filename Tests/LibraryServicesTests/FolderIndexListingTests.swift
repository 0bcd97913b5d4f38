import LibraryCore
@testable import LibraryServices
import TestKit
import Testing

@Suite("The folder index packs folders read in any order and groups them as if listed by name")
struct FolderIndexListingTests {
    @Test(arguments: [0, 1, 40, 3_000])
    func foldersReadInAnyOrderAreGroupedAsTheNameOrderedListsAre(count: Int) {
        let roots = [
            BrowseFolder(id: 1, libraryID: 1, name: "Music", parentID: nil),
            BrowseFolder(id: 2, libraryID: 2, name: "More", parentID: nil),
        ]
        // Names with equal keys ("The Beatles", "Beatles", "beatles") in both roots, ids
        // not in name order, read in a shuffled order.
        // Spellings that are canonically equal but not the same bytes ("が" and "か\u{3099}")
        // are left out: `String.lowercased()` results compare inconsistently for them, so
        // the name-ordered list is not well defined.
        let named = ArtistIndexGroupingTests.names(count: count, seed: UInt64(count) + 3)
            .filter { !$0.name.unicodeScalars.contains { $0.properties.generalCategory == .nonspacingMark } }
        var random = SplitMix(seed: UInt64(count) + 5)
        var ids = Array(0..<Int64(named.count)).map { $0 * 2 + 10 }
        ids.shuffle(using: &random)
        let folders = named.enumerated().map { offset, item in
            let root = roots[item.number % 2]
            return BrowseFolder(id: ids[offset], libraryID: root.libraryID, name: item.name, parentID: root.id)
        }
        let listing = FolderIndexListing(roots: roots) { root, add in
            for folder in folders.filter({ $0.parentID == root.id }).shuffled(using: &random) { add(folder.id, Substring(folder.name)) }
        }

        // What `BrowseStore.subfolders` lists per root (by lowercased name, then id), grouped.
        let listed = roots.flatMap { root in
            folders.filter { $0.parentID == root.id }.sorted { ($0.name.lowercased(), $0.id) < ($1.name.lowercased(), $1.id) }
        }
        let expected = ArtistIndex.group(listed, name: \.name, sortName: { _ in nil })
        #expect(listing.count == named.count)
        #expect(listing.groups == expected)
        #expect(listing.headings.map(\.name) == expected.map(\.name))
    }
}
