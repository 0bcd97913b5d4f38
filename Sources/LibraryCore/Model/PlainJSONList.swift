/// A JSON array of strings in its plain form, as Kanora stores tag lists: `[]`, or
/// `["a","b"]` with no backslash, whose values are the runs between `["`, `","` and `"]`.
public enum PlainJSONList {
    /// Calls `body` with each value of the plain array `bytes` (its form already checked), as
    /// a slice of it, in order.
    public static func forEachValue(in bytes: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) throws -> Void) rethrows {
        guard bytes.count >= 4 else { return }
        let quote = UInt8(ascii: "\""), comma = UInt8(ascii: ",")
        let end = bytes.count - 2
        var start = 2
        var index = 2
        while index + 2 < end {
            if bytes[index] == quote, bytes[index + 1] == comma, bytes[index + 2] == quote {
                try body(UnsafeBufferPointer(rebasing: bytes[start..<index]))
                index += 3
                start = index
            } else {
                index += 1
            }
        }
        try body(UnsafeBufferPointer(rebasing: bytes[start..<end]))
    }
}
