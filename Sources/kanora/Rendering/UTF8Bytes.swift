/// Checks on UTF-8 text held as bytes (a column's bytes as SQLite holds them).
enum UTF8Bytes {
    /// Whether `bytes` is valid UTF-8: ASCII eight bytes at a time, the rest decoded.
    static func isValid(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        let raw = UnsafeRawPointer(base)
        var index = 0
        while index + 8 <= bytes.count, raw.loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
            index += 8
        }
        while index < bytes.count, bytes[index] < 0x80 { index += 1 }
        guard index < bytes.count else { return true }
        var iterator = UnsafeBufferPointer(rebasing: bytes[index...]).makeIterator()
        var decoder = UTF8()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue: continue
            case .emptyInput: return true
            case .error: return false
            }
        }
    }
}
