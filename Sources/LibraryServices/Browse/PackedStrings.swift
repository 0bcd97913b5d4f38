/// Optional strings kept in one UTF-8 buffer and read back by position: a hundred thousand
/// names cost their bytes and four bytes each, where `String`s in an array cost 16 bytes
/// each plus an allocation of 32 bytes or more for every name over 15 bytes.
struct PackedStrings: Sendable, Equatable {
    private var bytes: [UInt8] = []
    /// Where each string ends in `bytes` (it starts where the one before ends); `absent`
    /// set marks nil.
    private var ends: [UInt32] = []
    private static let absent: UInt32 = 1 << 31

    /// How many strings (nil included).
    var count: Int { ends.count }

    /// Appends `text` (nil kept as nil).
    mutating func append(_ text: String?) {
        guard var text else {
            ends.append(UInt32(bytes.count) | Self.absent)
            return
        }
        text.withUTF8 { bytes.append(contentsOf: $0) }
        precondition(bytes.count < Self.absent, "PackedStrings holds less than 2 GiB")
        ends.append(UInt32(bytes.count))
    }

    /// The `index`th string.
    subscript(index: Int) -> String? {
        guard let range = range(index) else { return nil }
        return bytes.withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[range]), as: UTF8.self) }
    }

    /// `body` given these strings as UTF-8 bytes, valid inside `body` only.
    func withUTF8<Result>(_ body: (UTF8Strings) -> Result) -> Result {
        bytes.withUnsafeBufferPointer { body(UTF8Strings(base: $0, strings: self)) }
    }

    /// The strings of a `PackedStrings` as UTF-8 bytes, by position.
    struct UTF8Strings {
        let base: UnsafeBufferPointer<UInt8>
        let strings: PackedStrings

        subscript(index: Int) -> UnsafeBufferPointer<UInt8>? {
            strings.range(index).map { UnsafeBufferPointer(rebasing: base[$0]) }
        }
    }

    private func range(_ index: Int) -> Range<Int>? {
        let end = ends[index]
        guard end & Self.absent == 0 else { return nil }
        let start = index == 0 ? 0 : Int(ends[index - 1] & ~Self.absent)
        return start..<Int(end)
    }
}
