import Foundation

/// Fast JSON text for the multi-valued columns (arrays of strings) and `other_tags`.
///
/// Listing decodes these for every row, so the string-array path avoids Foundation's
/// JSON machinery; anything unusual falls back to JSONSerialization.
enum JSONText {
    /// `["a","b"]` for `values`, escaping as JSON requires.
    static func encode(_ values: [String]) -> String {
        var out = "["
        for (index, value) in values.enumerated() {
            if index > 0 { out += "," }
            appendQuoted(value, to: &out)
        }
        return out + "]"
    }

    /// `[1,2,3]` for `ids`: how a list of row ids reaches SQL as one argument, for
    /// `id IN (SELECT value FROM json_each(?))`.
    static func encode(ids: [Int64]) -> String {
        "[" + ids.map(String.init).joined(separator: ",") + "]"
    }

    /// The strings of a JSON array of strings; empty for anything else.
    static func decodeArray(_ text: String) -> [String] {
        if text == "[]" { return [] }
        if !text.contains("\\"), text.hasPrefix("[\""), text.hasSuffix("\"]") {
            let inner = text.dropFirst(2).dropLast(2)
            return inner.components(separatedBy: "\",\"")
        }
        guard let data = text.data(using: .utf8),
              let array = try? JSONSerialization.jsonObject(with: data) as? [String] else { return [] }
        return array
    }

    /// A JSON object of string arrays, keys sorted for stable output.
    static func encode(_ tags: [String: [String]]) -> String {
        var out = "{"
        for (index, key) in tags.keys.sorted().enumerated() {
            if index > 0 { out += "," }
            appendQuoted(key, to: &out)
            out += ":" + encode(tags[key] ?? [])
        }
        return out + "}"
    }

    /// Decodes what `encode(_ tags:)` wrote.
    static func decodeObject(_ text: String) -> [String: [String]] {
        if text == "{}" { return [:] }
        guard let data = text.data(using: .utf8),
              let object = try? JSONSerialization.jsonObject(with: data) as? [String: [String]] else { return [:] }
        return object
    }

    private static func appendQuoted(_ value: String, to out: inout String) {
        JSONString.appendQuoted(value, to: &out)
    }
}

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
