import Foundation
import LibraryCore

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
        if !text.utf8.contains(UInt8(ascii: "\\")), text.hasPrefix("[\""), text.hasSuffix("\"]") {
            return unescapedValues(text)
        }
        guard let data = text.data(using: .utf8),
              let array = try? JSONSerialization.jsonObject(with: data) as? [String] else { return [] }
        return array
    }

    /// The values of `["a","b"]` when nothing in it is escaped: the bytes between `["`, each
    /// `","` and `"]` (no value can hold a quote), without Foundation's string search.
    private static func unescapedValues(_ text: String) -> [String] {
        var text = text
        return text.withUTF8 { bytes in
            let end = bytes.count - 2
            guard end > 2 else { return [""] }
            var result: [String] = []
            var start = 2
            var index = 2
            while index + 3 <= end {
                if bytes[index] == 0x22, bytes[index + 1] == 0x2C, bytes[index + 2] == 0x22 {
                    result.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self))
                    index += 3
                    start = index
                } else {
                    index += 1
                }
            }
            result.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self))
            return result
        }
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
