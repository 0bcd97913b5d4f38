/// XML text and attribute values as UTF-8 bytes: markup escaped, and the characters XML 1.0
/// cannot carry at all dropped (tags read from files may hold any control character).
enum XMLText {
    /// Appends `text` escaped, in one pass: runs with nothing to escape or drop are copied whole.
    /// In an attribute, quotes and the whitespace a parser would normalise are escaped too.
    static func append(_ text: String, to out: inout [UInt8], attribute: Bool) {
        var text = text
        text.withUTF8 { append(utf8: $0, to: &out, attribute: attribute) }
    }

    /// Appends the valid UTF-8 text `bytes` escaped, as `append(_:to:attribute:)` does a `String`.
    static func append(utf8 bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8], attribute: Bool) {
        var runStart = 0
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            guard byte < 0x20 || byte == 0x26 || byte == 0x3C || byte == 0x3E || byte == 0x22 || byte == 0x27
                    || byte == 0xEF else {
                index += 1
                continue
            }
            // 0xEF leads U+FFFE and U+FFFF (EF BF BE/BF), dropped, but many other characters too.
            let width = byte == 0xEF ? 3 : 1
            if byte == 0xEF {
                guard index + 2 < bytes.count, bytes[index + 1] == 0xBF,
                      bytes[index + 2] == 0xBE || bytes[index + 2] == 0xBF else {
                    index += 1
                    continue
                }
            }
            let replacement = escape(byte, attribute: attribute)
            if replacement?.utf8CodeUnitCount == 1 {
                index += 1
                continue
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
            replacement?.withUTF8Buffer { out.append(contentsOf: $0) }
            index += width
            runStart = index
        }
        out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<bytes.count]))
    }

    /// What stands for `byte` (ASCII, or the lead of U+FFFE/U+FFFF): the byte itself when it
    /// is kept as is, nil when it is dropped.
    private static func escape(_ byte: UInt8, attribute: Bool) -> StaticString? {
        switch byte {
        case UInt8(ascii: "&"): "&amp;"
        case UInt8(ascii: "<"): "&lt;"
        case UInt8(ascii: ">"): "&gt;"
        case UInt8(ascii: "\""): attribute ? "&quot;" : "\""
        case UInt8(ascii: "'"): attribute ? "&apos;" : "'"
        case UInt8(ascii: "\n"): attribute ? "&#10;" : "\n"
        case UInt8(ascii: "\r"): "&#13;"
        case UInt8(ascii: "\t"): attribute ? "&#9;" : "\t"
        default: nil
        }
    }
}
