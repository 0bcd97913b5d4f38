/// A few bytes put together on the stack, then appended to an answer at once: a member's key,
/// punctuation and value cost one capacity check and one copy, where appending each part to
/// the array checks its uniqueness and capacity again.
struct ScratchBytes {
    private let base: UnsafeMutablePointer<UInt8>
    private let capacity: Int
    /// How many bytes were put.
    private(set) var count = 0

    /// Runs `body` with room for `capacity` bytes, then appends what it put to `out`.
    static func append(to out: inout [UInt8], capacity: Int, _ body: (inout ScratchBytes) -> Void) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { buffer in
            guard let base = buffer.baseAddress else { return }
            var scratch = ScratchBytes(base: base, capacity: capacity)
            body(&scratch)
            out.append(contentsOf: UnsafeBufferPointer(start: base, count: scratch.count))
        }
    }

    private init(base: UnsafeMutablePointer<UInt8>, capacity: Int) {
        self.base = base
        self.capacity = capacity
    }

    mutating func put(_ byte: UInt8) {
        precondition(count < capacity, "ScratchBytes: more bytes than its capacity")
        base[count] = byte
        count += 1
    }

    mutating func put(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let start = bytes.baseAddress else { return }
        precondition(bytes.count <= capacity - count, "ScratchBytes: more bytes than its capacity")
        (base + count).initialize(from: start, count: bytes.count)
        count += bytes.count
    }

    mutating func put(_ text: StaticString) {
        text.withUTF8Buffer { put($0) }
    }

    /// Puts `number` in decimal, as `String(number)` writes it (at most 20 bytes).
    mutating func put(decimal number: Int64) {
        if number >= 0, number < 10 {
            put(UInt8(ascii: "0") + UInt8(number))
            return
        }
        if number < 0 { put(UInt8(ascii: "-")) }
        var magnitude = number.magnitude
        var digits = 0
        var rest = magnitude
        repeat {
            digits += 1
            rest /= 10
        } while rest > 0
        precondition(digits <= capacity - count, "ScratchBytes: more bytes than its capacity")
        var index = count + digits
        repeat {
            index -= 1
            base[index] = UInt8(ascii: "0") + UInt8(magnitude % 10)
            magnitude /= 10
        } while magnitude > 0
        count += digits
    }
}

/// Whether UTF-8 text goes into an answer as it is, checked eight bytes at a time: most tags
/// hold nothing to escape, and are then copied whole.
enum VerbatimText {
    /// No byte JSON escapes (a control character, `"`, `\`) or the lead byte of U+2028 and
    /// U+2029 (0xE2, which JSONP escapes).
    static func isJSON(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        !contains(bytes, word: { hasByte($0, below: 0x20) || hasByte($0, equalTo: 0x22) || hasByte($0, equalTo: 0x5C) || hasByte($0, equalTo: 0xE2) },
                  byte: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C || $0 == 0xE2 })
    }

    /// No byte an XML attribute escapes or drops (a control character, `&`, `<`, `>`, `"`,
    /// `'`) or the lead byte of U+FFFE and U+FFFF (0xEF, which XML cannot carry).
    static func isXMLAttribute(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        !contains(bytes, word: {
            hasByte($0, below: 0x20) || hasByte($0, equalTo: 0x26) || hasByte($0, equalTo: 0x3C) || hasByte($0, equalTo: 0x3E)
                || hasByte($0, equalTo: 0x22) || hasByte($0, equalTo: 0x27) || hasByte($0, equalTo: 0xEF)
        }, byte: {
            $0 < 0x20 || $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 || $0 == 0x27 || $0 == 0xEF
        })
    }

    @inline(__always)
    private static func contains(
        _ bytes: UnsafeBufferPointer<UInt8>, word: (UInt64) -> Bool, byte: (UInt8) -> Bool
    ) -> Bool {
        guard let base = bytes.baseAddress else { return false }
        let raw = UnsafeRawPointer(base)
        var index = 0
        while index + 8 <= bytes.count {
            if word(raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)) { return true }
            index += 8
        }
        while index < bytes.count {
            if byte(base[index]) { return true }
            index += 1
        }
        return false
    }

    /// Some byte of `word` is below `limit` (at most 0x80): exact for the word as a whole.
    @inline(__always)
    private static func hasByte(_ word: UInt64, below limit: UInt8) -> Bool {
        (word &- 0x0101_0101_0101_0101 &* UInt64(limit)) & ~word & 0x8080_8080_8080_8080 != 0
    }

    @inline(__always)
    private static func hasByte(_ word: UInt64, equalTo byte: UInt8) -> Bool {
        let zeroWhereEqual = word ^ (0x0101_0101_0101_0101 &* UInt64(byte))
        return (zeroWhereEqual &- 0x0101_0101_0101_0101) & ~zeroWhereEqual & 0x8080_8080_8080_8080 != 0
    }
}
