/// JSON strings escaped as Foundation's `JSONEncoder` escapes them, written from UTF-8
/// bytes: one core for every writer that must match its bytes (the API's tracks, which keep
/// its `\/`, and the CLI's pretty JSON, written `.withoutEscapingSlashes`).
extension JSONString {
    /// Appends the UTF-8 text `utf8` quoted and escaped as `JSONEncoder` does: `"`, `\` and
    /// control characters (`\b`, `\f`, `\n`, `\r`, `\t`, else `\u00xx`), and `/` as `\/`
    /// when `escapingSlashes`; every other byte as it is. Runs with nothing to escape are
    /// found eight bytes at a time and copied whole.
    public static func appendEncoderQuoted(utf8: UnsafeBufferPointer<UInt8>, escapingSlashes: Bool, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        let count = utf8.count
        // Without slashes the slash test looks for a quote again, which changes nothing.
        let slashes = Word.repeated(escapingSlashes ? UInt8(ascii: "/") : UInt8(ascii: "\""))
        var runStart = 0
        var index = 0
        while index < count {
            if index + 8 <= count,
               !Word.mayNeedEscape(UnsafeRawPointer(utf8.baseAddress! + index).loadUnaligned(as: UInt64.self), slashes: slashes) {
                index += 8
                continue
            }
            let byte = utf8[index]
            if byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || (escapingSlashes && byte == UInt8(ascii: "/")) {
                out.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
                appendEncoderEscape(byte, to: &out)
                runStart = index + 1
            }
            index += 1
        }
        out.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<count]))
        out.append(UInt8(ascii: "\""))
    }

    /// `JSONEncoder`'s escape of a control character, quote, backslash or slash.
    private static func appendEncoderEscape(_ byte: UInt8, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\\"))
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(byte)
        case 0x08: out.append(UInt8(ascii: "b"))
        case 0x0C: out.append(UInt8(ascii: "f"))
        case 0x0A: out.append(UInt8(ascii: "n"))
        case 0x0D: out.append(UInt8(ascii: "r"))
        case 0x09: out.append(UInt8(ascii: "t"))
        default:
            let hex = (byte >> 4, byte & 0x0F)
            out.append(contentsOf: [UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"), hexDigit(hex.0), hexDigit(hex.1)])
        }
    }

    private static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10
    }

    /// Eight bytes tested at once (the "has a zero byte" and "has a byte less than n" tests):
    /// the answer for the whole word is exact, though not which byte it is.
    private enum Word {
        static let ones: UInt64 = 0x0101_0101_0101_0101
        static let highs: UInt64 = 0x8080_8080_8080_8080

        static func repeated(_ byte: UInt8) -> UInt64 { ones &* UInt64(byte) }

        static func hasZeroByte(_ word: UInt64) -> Bool { (word &- ones) & ~word & highs != 0 }

        /// Whether `word` holds a control character, `"`, `\` or the byte `slashes` repeats.
        static func mayNeedEscape(_ word: UInt64, slashes: UInt64) -> Bool {
            (word &- repeated(0x20)) & ~word & highs != 0
                || hasZeroByte(word ^ repeated(UInt8(ascii: "\""))) || hasZeroByte(word ^ repeated(UInt8(ascii: "\\")))
                || hasZeroByte(word ^ slashes)
        }
    }
}
