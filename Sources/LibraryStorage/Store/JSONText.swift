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
        // Digits written straight into the bytes: a String per id, then joined, was most of it.
        var bytes: [UInt8] = [UInt8(ascii: "[")]
        bytes.reserveCapacity(ids.count * 8 + 2)
        var digits: [UInt8] = Array(repeating: 0, count: 20)
        for (index, id) in ids.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            if id < 0 { bytes.append(UInt8(ascii: "-")) }
            var magnitude = id.magnitude
            var count = 0
            repeat {
                digits[count] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
                count += 1
            } while magnitude > 0
            bytes.append(contentsOf: digits[0..<count].reversed())
        }
        bytes.append(UInt8(ascii: "]"))
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The strings of a JSON array of strings; empty for anything else.
    static func decodeArray(_ text: String) -> [String] {
        if text == "[]" { return [] }
        if let plain = text.utf8.withContiguousStorageIfAvailable(splitPlainArray), let plain {
            return plain
        }
        guard let data = text.data(using: .utf8),
              let array = try? JSONSerialization.jsonObject(with: data) as? [String] else { return [] }
        return array
    }

    /// `decodeArray(_:)` of the UTF-8 text `bytes` (a column's bytes as SQLite holds them),
    /// without making a String of the whole array first.
    static func decodeArray(utf8 bytes: UnsafeBufferPointer<UInt8>) -> [String] {
        if bytes.count == 2, bytes[0] == UInt8(ascii: "["), bytes[1] == UInt8(ascii: "]") { return [] }
        if let plain = splitPlainArray(bytes) { return plain }
        return decodeArray(String(decoding: bytes, as: UTF8.self))
    }

    /// `["a","b"]` without backslashes split at its `","` separators, straight from the
    /// UTF-8 bytes (listings decode these columns for every row); nil for any other text.
    private static func splitPlainArray(_ bytes: UnsafeBufferPointer<UInt8>) -> [String]? {
        var values: [String] = []
        guard forEachPlainElement(of: bytes, { values.append(String(decoding: $0, as: UTF8.self)) }) else { return nil }
        return values
    }

    /// Calls `body` with each string of the JSON array of strings `bytes` as a slice of it,
    /// and returns true, when the array is plain (`isPlainArray`: `[]` or `["a","b"]` as
    /// `encode` writes it, whose strings need no unescaping); returns false, calling nothing,
    /// for any other text, `["a", "b"]` too (split at `","` it would read as one string).
    static func forEachPlainElement(
        of bytes: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) -> Void
    ) -> Bool {
        guard isPlainArray(bytes) else { return false }
        PlainJSONList.forEachValue(in: bytes, body)
        return true
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
