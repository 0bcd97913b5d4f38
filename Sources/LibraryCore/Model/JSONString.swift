/// A JSON string literal, written once for every JSON Kanora writes by hand (stored tag
/// lists, Subsonic answers).
public enum JSONString {
    /// Appends `value` quoted and escaped. With `escapingLineSeparators`, U+2028 and U+2029
    /// are escaped too: valid JSON either way, but only then valid JavaScript (JSONP).
    public static func appendQuoted(_ value: String, to out: inout String, escapingLineSeparators: Bool = false) {
        // Most text has nothing to escape: appended whole.
        if !value.utf8.contains(where: { needsEscape($0, escapingLineSeparators) }) {
            out += "\""
            out += value
            out += "\""
            return
        }
        var bytes: [UInt8] = []
        appendQuoted(value, to: &bytes, escapingLineSeparators: escapingLineSeparators)
        out += String(decoding: bytes, as: UTF8.self)
    }

    /// Appends `value` quoted and escaped as UTF-8 bytes, in one pass: runs with nothing to
    /// escape are copied whole.
    public static func appendQuoted(_ value: String, to out: inout [UInt8], escapingLineSeparators: Bool = false) {
        var value = value
        value.withUTF8 { appendQuoted(utf8: $0, to: &out, escapingLineSeparators: escapingLineSeparators) }
    }

    /// Appends the valid UTF-8 text `bytes` quoted and escaped, as `appendQuoted(_:to:escapingLineSeparators:)`
    /// does a `String` (for text kept as bytes, with no `String` made).
    public static func appendQuoted(utf8 bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8], escapingLineSeparators: Bool = false) {
        out.append(UInt8(ascii: "\""))
        var runStart = 0
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            guard needsEscape(byte, escapingLineSeparators) else {
                index += 1
                continue
            }
            // 0xE2 leads U+2028 and U+2029 (E2 80 A8/A9) but many other characters too.
            if byte == 0xE2 {
                guard index + 2 < bytes.count, bytes[index + 1] == 0x80,
                      bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9 else {
                    index += 1
                    continue
                }
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
            if byte == 0xE2 {
                out.append(contentsOf: bytes[index + 2] == 0xA8 ? Array("\\u2028".utf8) : Array("\\u2029".utf8))
                index += 3
            } else {
                appendEscaped(byte, to: &out)
                index += 1
            }
            runStart = index
        }
        out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<bytes.count]))
        out.append(UInt8(ascii: "\""))
    }

    /// A byte that may need escaping: a control character, `"`, `\`, or (with
    /// `lineSeparators`) the lead byte of U+2028 and U+2029.
    private static func needsEscape(_ byte: UInt8, _ lineSeparators: Bool) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || (lineSeparators && byte == 0xE2)
    }

    /// The escape of an ASCII control character, quote or backslash.
    private static func appendEscaped(_ byte: UInt8, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\\"))
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"): out.append(byte)
        case UInt8(ascii: "\n"): out.append(UInt8(ascii: "n"))
        case UInt8(ascii: "\r"): out.append(UInt8(ascii: "r"))
        case UInt8(ascii: "\t"): out.append(UInt8(ascii: "t"))
        default:
            let hex = Array("0123456789abcdef".utf8)
            out.append(contentsOf: [UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]])
        }
    }

    /// Appends `value` as `JSONEncoder` writes a double (its `description`, without a
    /// trailing `.0`); a non-finite value throws the `EncodingError` `JSONEncoder` throws.
    public static func appendNumber(_ value: Double, to out: inout [UInt8]) throws {
        guard value.isFinite else {
            throw EncodingError.invalidValue(value, EncodingError.Context(codingPath: [], debugDescription: "Unable to encode Double.\(value) directly in JSON."))
        }
        var text = value.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        out.append(contentsOf: text.utf8)
    }
}
