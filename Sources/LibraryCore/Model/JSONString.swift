/// A JSON string literal, written once for every JSON Kanora writes by hand (stored tag
/// lists, Subsonic answers).
public enum JSONString {
    /// Appends `value` quoted and escaped. With `escapingLineSeparators`, U+2028 and U+2029
    /// are escaped too: valid JSON either way, but only then valid JavaScript (JSONP).
    public static func appendQuoted(_ value: String, to out: inout String, escapingLineSeparators: Bool = false) {
        out += "\""
        // Most text has nothing to escape: appended whole. (0xE2 leads U+2028 and U+2029.)
        if !value.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\")
                                         || (escapingLineSeparators && $0 == 0xE2) }) {
            out += value
            out += "\""
            return
        }
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{2028}" where escapingLineSeparators: out += "\\u2028"
            case "\u{2029}" where escapingLineSeparators: out += "\\u2029"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }
}
