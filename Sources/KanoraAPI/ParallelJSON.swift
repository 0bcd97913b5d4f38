import Foundation
import LibraryCore
import LibraryServices

/// A large JSON array sent in slices and read while it arrives: the wire form is still one
/// plain JSON array, but the server encodes slice after slice while the client decodes the
/// slices it has, so 20,000 tracks cost about one side's coding time instead of both.
public protocol ParallelJSONArray: Sendable {
    /// The array as JSON, handed to `emit` in pieces that together are one JSON array.
    func encodeInSlices(_ emit: (Data) async throws -> Void) async throws
    /// The array a JSON array holds, given as `JSONArraySplitter` slices (each a JSON
    /// array of some of the elements, in order), decoded as they come.
    static func decodeSlices(_ slices: AsyncThrowingStream<Data, any Error>) async throws -> Self
}

/// An element of the big listings, whose arrays travel in slices.
public protocol ParallelJSONElement: Codable, Sendable {
    /// `elements` as one JSON array holding the values `API.encoder` writes for them (an
    /// element type may write them itself, faster, with its object keys in another order).
    static func jsonArray(_ elements: ArraySlice<Self>) throws -> Data
}

extension ParallelJSONElement {
    public static func jsonArray(_ elements: ArraySlice<Self>) throws -> Data {
        try API.encoder.encode(Array(elements))
    }
}

extension AlbumSummary: ParallelJSONElement {}
extension ArtistSummary: ParallelJSONElement {}

extension PlaylistEntry: ParallelJSONElement {
    /// Written by `TrackJSON`, not by `JSONEncoder`.
    public static func jsonArray(_ elements: ArraySlice<PlaylistEntry>) throws -> Data {
        try TrackJSON.entries(elements)
    }
}

extension Array: ParallelJSONArray where Element: ParallelJSONElement {
    /// How many elements one slice holds.
    static var sliceSize: Int { 1_000 }

    public func encodeInSlices(_ emit: (Data) async throws -> Void) async throws {
        guard count > Self.sliceSize else { return try await emit(Element.jsonArray(self[...])) }
        for start in stride(from: 0, to: count, by: Self.sliceSize) {
            let part = try Element.jsonArray(self[start..<Swift.min(start + Self.sliceSize, count)])
            // Each part is `[...]`: keep the first `[`, the last `]`, and a comma between.
            var piece = start == 0 ? Data(part.dropLast()) : Data(part.dropFirst().dropLast())
            piece.append(UInt8(ascii: start + Self.sliceSize >= count ? "]" : ","))
            try await emit(piece)
        }
    }

    public static func decodeSlices(_ slices: AsyncThrowingStream<Data, any Error>) async throws -> [Element] {
        try await withThrowingTaskGroup(of: (Int, [Element]).self) { group in
            var count = 0
            for try await slice in slices {
                let index = count
                count += 1
                group.addTask { (index, try API.decoder.decode([Element].self, from: slice)) }
            }
            var parts = [[Element]](repeating: [], count: count)
            for try await (index, part) in group { parts[index] = part }
            return parts.flatMap { $0 }
        }
    }
}

/// Cuts the text of one JSON array, fed in pieces as it arrives, into slices of whole
/// elements, each made a JSON array of its own.
public struct JSONArraySplitter: Sendable {
    /// About how many bytes a slice holds.
    let sliceBytes: Int
    private var pending: [UInt8] = []
    private var scanned = 0
    private var depth = 0
    private var inString = false
    private var escaped = false
    private var started = false
    private var lastCut = 0
    public private(set) var finished = false

    public init(sliceBytes: Int = 1 << 20) {
        self.sliceBytes = sliceBytes
    }

    /// Takes the next bytes; returns the slices now complete.
    public mutating func feed(_ bytes: some Collection<UInt8>) throws -> [Data] {
        pending.append(contentsOf: bytes)
        var slices: [Data] = []
        while scanned < pending.count, !finished {
            let byte = pending[scanned]
            defer { scanned += 1 }
            if inString {
                if escaped { escaped = false } else if byte == 0x5C { escaped = true } else if byte == 0x22 { inString = false }
                continue
            }
            switch byte {
            case 0x22: inString = true
            case 0x5B, 0x7B:
                if depth == 0 { started = true; lastCut = scanned }
                depth += 1
            case 0x5D, 0x7D:
                depth -= 1
                if depth == 0 {
                    slices.append(cut(at: scanned))
                    finished = true
                }
            case 0x2C where depth == 1 && scanned - lastCut >= sliceBytes:
                slices.append(cut(at: scanned))
            case 0x20, 0x0A, 0x0D, 0x09: break
            default:
                guard started else { throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "The answer is not a JSON array.")) }
            }
        }
        return slices
    }

    /// The elements between the last cut and `index` (a comma or the closing `]`) as an array.
    private mutating func cut(at index: Int) -> Data {
        var slice = Data(capacity: index - lastCut + 1)
        slice.append(UInt8(ascii: "["))
        slice.append(contentsOf: pending[(lastCut + 1)..<index])
        slice.append(UInt8(ascii: "]"))
        pending.removeSubrange(0..<index)
        scanned -= index
        lastCut = 0
        return slice
    }
}
