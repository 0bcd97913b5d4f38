import Foundation

/// The sort keys of an index's items, packed into one buffer as they are added, each with
/// its heading: what `ArtistIndex.arrangement` sorts, without an array of `String`.
///
/// At a million tracks the artist index has 46,000 keys; held as `[String]`, more than half
/// of them on the heap, they were on top of the index being built at the server's peak (the
/// first getArtists or getIndexes). Packed, that request's anonymous peak measured ~1.3 MB
/// lower (15.5 -> 14.2 MB).
struct IndexSortKeys {
    /// Each key's UTF-8 bytes, one after another.
    private var bytes: [UInt8] = []
    /// Where each key ends in `bytes` (it starts where the one before ends), with `beyondASCII`
    /// set on a key that is not all ASCII.
    private var ends: [UInt32] = []
    private static let beyondASCII: UInt32 = 1 << 31
    /// Each key's heading, as a position in `headingNames`.
    private var headingRanks: [UInt32] = []
    private var headingNames: [String] = []
    private var rankOfHeading: [String: UInt32] = [:]

    /// How many keys.
    var count: Int { ends.count }

    /// Adds the key of the next item (an `ArtistIndex.sortKey`).
    mutating func append(_ key: String) {
        let heading = ArtistIndex.heading(forKey: key)
        if let rank = rankOfHeading[heading] {
            headingRanks.append(rank)
        } else {
            let rank = UInt32(headingNames.count)
            rankOfHeading[heading] = rank
            headingNames.append(heading)
            headingRanks.append(rank)
        }
        var key = key
        let isASCII = key.withUTF8 { text in
            bytes.append(contentsOf: text)
            return text.allSatisfy { $0 < 0x80 }
        }
        precondition(bytes.count < Self.beyondASCII, "IndexSortKeys holds less than 2 GiB")
        ends.append(UInt32(bytes.count) | (isASCII ? 0 : Self.beyondASCII))
    }

    /// The index order: `order` lists the keys' positions heading by heading, and each
    /// heading (in order, "#" last) names its range of `order`. Within a heading keys are in
    /// order; equal keys are in the order `inTies` gives their positions (by default the
    /// order they were added in).
    func arrangement(
        inTies: (_ left: Int32, _ right: Int32) -> Bool = { $0 < $1 }
    ) -> (order: [Int32], headings: [IndexHeading]) {
        precondition(count < Int32.max, "an index holds less than 2^31 items")
        var sorted = (0..<Int32(count)).map { $0 }
        bytes.withUnsafeBufferPointer { text in
            ends.withUnsafeBufferPointer { ends in
                func key(_ position: Int32) -> (text: UnsafeBufferPointer<UInt8>, isASCII: Bool) {
                    let start = position == 0 ? 0 : Int(ends[Int(position) - 1] & ~Self.beyondASCII)
                    let end = ends[Int(position)]
                    return (UnsafeBufferPointer(rebasing: text[start..<Int(end & ~Self.beyondASCII)]), end & Self.beyondASCII == 0)
                }
                sorted.sort { left, right in
                    let (a, b) = (key(left), key(right))
                    guard a.isASCII && b.isASCII else {
                        // `String` compares canonical equivalents as equal (and orders
                        // them so); ASCII bytes compare as their `String`s do.
                        let (x, y) = (String(decoding: a.text, as: UTF8.self), String(decoding: b.text, as: UTF8.self))
                        return x == y ? inTies(left, right) : x < y
                    }
                    let shared = min(a.text.count, b.text.count)
                    if shared > 0, let x = a.text.baseAddress, let y = b.text.baseAddress {
                        let order = memcmp(x, y, shared)
                        if order != 0 { return order < 0 }
                    }
                    return a.text.count != b.text.count ? a.text.count < b.text.count : inTies(left, right)
                }
            }
        }
        // Headings in order, "#" last; each heading's keys stay in sorted order.
        let names = headingNames
        let headingOrder = names.indices.sorted { (names[$0] == "#" ? 1 : 0, names[$0]) < (names[$1] == "#" ? 1 : 0, names[$1]) }
        var sizes = [Int](repeating: 0, count: names.count)
        for rank in headingRanks { sizes[Int(rank)] += 1 }
        var starts = [Int](repeating: 0, count: names.count)
        var headings: [IndexHeading] = []
        headings.reserveCapacity(names.count)
        var next = 0
        for rank in headingOrder {
            starts[rank] = next
            headings.append(IndexHeading(name: names[rank], positions: next..<next + sizes[rank]))
            next += sizes[rank]
        }
        var order = [Int32](repeating: 0, count: sorted.count)
        for position in sorted {
            let rank = Int(headingRanks[Int(position)])
            order[starts[rank]] = position
            starts[rank] += 1
        }
        return (order, headings)
    }
}
