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
