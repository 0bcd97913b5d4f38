import CSQLite
import Foundation
import LibraryCore

/// A row's columns as SQLite holds them, for writers that copy them straight into bytes (a
/// 5,000-entry playlist's JSON) instead of building a `Track`. Each accessor gives SQLite's
/// own bytes (valid until the statement steps again) only when they are exactly what the
/// `Track` path would make of the column, and nil otherwise: the caller then reads the value
/// as that path does (`column(_:)`, `stringList(_:)`, `tagObject(_:)`).
extension Statement {
    /// A TEXT column's bytes when they are valid UTF-8 (what `String(decoding:)` keeps as
    /// they are); nil for NULL, another type or invalid UTF-8.
    package func utf8Text(_ index: Int) -> UnsafeBufferPointer<UInt8>? {
        let position = Int32(index)
        guard sqlite3_column_type(handle, position) == SQLITE_TEXT, let text = sqlite3_column_text(handle, position) else { return nil }
        let bytes = UnsafeBufferPointer(start: text, count: Int(sqlite3_column_bytes(handle, position)))
        return UTF8Bytes.isValid(bytes) ? bytes : nil
    }

    /// A BLOB column's bytes (`[UInt8]` of `column(_:)` without the copy); nil for any other type.
    package func blobBytes(_ index: Int) -> UnsafeBufferPointer<UInt8>? {
        let position = Int32(index)
        guard sqlite3_column_type(handle, position) == SQLITE_BLOB else { return nil }
        let count = Int(sqlite3_column_bytes(handle, position))
        guard count > 0, let base = sqlite3_column_blob(handle, position) else { return UnsafeBufferPointer(start: nil, count: 0) }
        return UnsafeBufferPointer(start: base.assumingMemoryBound(to: UInt8.self), count: count)
    }

    /// A JSON array of strings in the plain form (`JSONText.isPlainArray`), as stored.
    package func plainList(_ index: Int) -> UnsafeBufferPointer<UInt8>? {
        utf8Text(index).flatMap { JSONText.isPlainArray($0) ? $0 : nil }
    }

    /// A JSON object of string arrays in the plain form (`JSONText.isPlainObject`), as stored.
    package func plainObject(_ index: Int) -> UnsafeBufferPointer<UInt8>? {
        utf8Text(index).flatMap { JSONText.isPlainObject($0) ? $0 : nil }
    }

    /// The strings of a list column, read as a `Track`'s are.
    package func stringList(_ index: Int) -> [String] {
        stringArray(index)
    }

    /// The other tags column, read as a `Track`'s are.
    package func tagObject(_ index: Int) -> [String: [String]] {
        JSONText.decodeObject(column(index) ?? "{}")
    }
}

/// UTF-8 validity, as Swift's `String(decoding:as:)` judges it (no overlong forms, no
/// surrogates, nothing past U+10FFFF).
package enum UTF8Bytes {
    /// Whether `bytes` is well-formed UTF-8.
    package static func isValid(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let count = bytes.count
        var index = 0
        while index < count {
            let lead = bytes[index]
            if lead < 0x80 {
                index += 1
                continue
            }
            var low: UInt8 = 0x80, high: UInt8 = 0xBF
            let trailing: Int
            switch lead {
            case 0xC2...0xDF: trailing = 1
            case 0xE0: trailing = 2; low = 0xA0
            case 0xED: trailing = 2; high = 0x9F
            case 0xE1...0xEF: trailing = 2
            case 0xF0: trailing = 3; low = 0x90
            case 0xF4: trailing = 3; high = 0x8F
            case 0xF1...0xF3: trailing = 3
            default: return false
            }
            guard index + trailing < count, (low...high).contains(bytes[index + 1]) else { return false }
            for offset in stride(from: 2, through: trailing, by: 1) where bytes[index + offset] & 0xC0 != 0x80 {
                return false
            }
            index += trailing + 1
        }
        return true
    }
}

extension JSONText {
    /// Whether `bytes` is `[]` or `["a","b"]` with no backslash and no quote but those
    /// around its values: its values are then the runs between `["`, `","` and `"]`, as
    /// both `splitPlainArray` and a JSON parser read them.
    static func isPlainArray(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let count = bytes.count, quote = UInt8(ascii: "\"")
        if count == 2 { return bytes[0] == UInt8(ascii: "[") && bytes[1] == UInt8(ascii: "]") }
        guard count >= 4, bytes[0] == UInt8(ascii: "["), bytes[1] == quote, bytes[count - 2] == quote,
              bytes[count - 1] == UInt8(ascii: "]") else { return false }
        let end = count - 2
        var index = 2
        while index < end {
            switch bytes[index] {
            case UInt8(ascii: "\\"): return false
            case quote:
                // A value's closing quote: `","` and the next value's opening quote before the last.
                guard index + 2 < end, bytes[index + 1] == UInt8(ascii: ","), bytes[index + 2] == quote else { return false }
                index += 3
            default: index += 1
            }
        }
        return true
    }

    /// Whether `bytes` is `{}` or `{"A":["x"],"B":[]}` as `encode(_ tags:)` writes it with
    /// nothing to escape: printable ASCII keys in strictly ascending order (Swift's order of
    /// such keys), string values without control characters, quotes or backslashes. Such
    /// text is what a `Track`'s other tags, decoded and written again key by key, would be.
    static func isPlainObject(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let count = bytes.count
        guard count >= 2, bytes[0] == UInt8(ascii: "{"), bytes[count - 1] == UInt8(ascii: "}") else { return false }
        if count == 2 { return true }
        var index = 1
        var previousKey: Range<Int>?
        while true {
            guard let key = plainString(bytes, at: index, keyOnly: true) else { return false }
            if let previousKey, !bytes[previousKey].lexicographicallyPrecedes(bytes[key]) { return false }
            previousKey = key
            index = key.upperBound + 1
            guard index + 1 < count, bytes[index] == UInt8(ascii: ":"), bytes[index + 1] == UInt8(ascii: "[") else { return false }
            index += 2
            if index < count, bytes[index] == UInt8(ascii: "]") {
                index += 1
            } else {
                while true {
                    guard let value = plainString(bytes, at: index, keyOnly: false) else { return false }
                    index = value.upperBound + 1
                    guard index < count else { return false }
                    if bytes[index] == UInt8(ascii: "]") { break }
                    guard bytes[index] == UInt8(ascii: ",") else { return false }
                    index += 1
                }
                index += 1
            }
            guard index < count else { return false }
            if bytes[index] == UInt8(ascii: "}") { return index == count - 1 }
            guard bytes[index] == UInt8(ascii: ",") else { return false }
            index += 1
        }
    }

    /// The contents of the string whose opening quote is at `start`, when it has no control
    /// character, backslash (or, for a key, anything but printable ASCII) before its closing quote.
    private static func plainString(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int, keyOnly: Bool) -> Range<Int>? {
        guard start < bytes.count, bytes[start] == UInt8(ascii: "\"") else { return nil }
        var index = start + 1
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") { return (start + 1)..<index }
            guard byte >= 0x20, byte != UInt8(ascii: "\\"), !keyOnly || byte < 0x7F else { return nil }
            index += 1
        }
        return nil
    }
}
