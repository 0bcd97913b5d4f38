import CSQLite
import Foundation
import LibraryCore

/// A row's columns as SQLite holds them, for writers that copy them straight into bytes (a
/// 5,000-entry playlist's JSON) instead of building a `Track`. Each accessor gives SQLite's
/// own bytes (valid until the statement steps again) only when they are exactly what the
/// `Track` path would make of the column, and nil otherwise: the caller then reads the value
/// as that path does (`column(_:)`, `stringList(_:)`, `tagObject(_:)`).
extension Statement {
    // Each accessor fetches its column once (`sqlite3_column_value`) and reads that value
    // with `sqlite3_value_*`, which take no lock: every `sqlite3_column_*` call locks and
    // unlocks the connection, and a 5,000-entry playlist makes some 500,000 of them.

    /// An integer column as `column(_:) as Int64?` reads it (a whole REAL too; nil for NULL,
    /// text or a blob), without making a `DatabaseValue` first.
    package func int64(_ index: Int) -> Int64? {
        guard let value = sqlite3_column_value(handle, Int32(index)) else { return nil }
        switch sqlite3_value_type(value) {
        case SQLITE_INTEGER: return sqlite3_value_int64(value)
        case SQLITE_FLOAT: return Int64(exactly: sqlite3_value_double(value).rounded(.towardZero))
        default: return nil
        }
    }

    /// A number column as `column(_:) as Double?` reads it (an integer too; nil for NULL,
    /// text or a blob), without making a `DatabaseValue` first.
    package func double(_ index: Int) -> Double? {
        guard let value = sqlite3_column_value(handle, Int32(index)) else { return nil }
        switch sqlite3_value_type(value) {
        case SQLITE_INTEGER: return Double(sqlite3_value_int64(value))
        case SQLITE_FLOAT: return sqlite3_value_double(value)
        default: return nil
        }
    }

    /// Whether column `index` is NULL.
    package func isNull(_ index: Int) -> Bool {
        sqlite3_column_value(handle, Int32(index)).map { sqlite3_value_type($0) == SQLITE_NULL } ?? true
    }

    /// A TEXT column's bytes when they are valid UTF-8 (what `String(decoding:)` keeps as
    /// they are); nil for NULL, another type or invalid UTF-8.
    package func utf8Text(_ index: Int) -> UnsafeBufferPointer<UInt8>? {
        guard let value = sqlite3_column_value(handle, Int32(index)), sqlite3_value_type(value) == SQLITE_TEXT,
              let text = sqlite3_value_text(value) else { return nil }
        let bytes = UnsafeBufferPointer(start: text, count: Int(sqlite3_value_bytes(value)))
        return UTF8Bytes.isValid(bytes) ? bytes : nil
    }

    /// A BLOB column's bytes (`[UInt8]` of `column(_:)` without the copy); nil for any other type.
    package func blobBytes(_ index: Int) -> UnsafeBufferPointer<UInt8>? {
        guard let value = sqlite3_column_value(handle, Int32(index)), sqlite3_value_type(value) == SQLITE_BLOB else { return nil }
        guard let base = sqlite3_value_blob(value) else { return UnsafeBufferPointer(start: nil, count: 0) }
        let count = Int(sqlite3_value_bytes(value))
        guard count > 0 else { return UnsafeBufferPointer(start: nil, count: 0) }
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
            // Eight ASCII bytes at a time: most text is ASCII.
            while index + 8 <= count,
                  UnsafeRawPointer(bytes.baseAddress! + index).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
                index += 8
            }
            guard index < count else { break }
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

    /// Whether `bytes` is `{}` or `{"A":["x"],"B":[]}` as `encode(_ tags:)` writes it:
    /// printable ASCII keys without escapes in strictly ascending order (Swift's order of
    /// such keys), string values without raw control characters and with only the escapes
    /// a `Track`'s JSON writer writes alike. Such text is what a `Track`'s other tags,
    /// decoded and written again key by key, would be (but for `/`, which that writer escapes).
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
    /// character and (for a key) nothing but printable ASCII without backslashes before its
    /// closing quote; a value may hold the escapes `escapeLength(_:at:)` accepts.
    private static func plainString(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int, keyOnly: Bool) -> Range<Int>? {
        guard start < bytes.count, bytes[start] == UInt8(ascii: "\"") else { return nil }
        var index = start + 1
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") { return (start + 1)..<index }
            guard byte >= 0x20, !keyOnly || (byte < 0x7F && byte != UInt8(ascii: "\\")) else { return nil }
            if byte == UInt8(ascii: "\\") {
                guard let length = escapeLength(bytes, at: index) else { return nil }
                index += length
            } else {
                index += 1
            }
        }
        return nil
    }

    /// The length of the escape at `start` when `JSONString` and a `Track`'s JSON writer
    /// both write that character so (`\"`, `\\`, `\n`, `\r`, `\t`, or `\u00xx` in lower
    /// case for another control character but backspace and form feed); nil for any other.
    private static func escapeLength(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> Int? {
        guard start + 1 < bytes.count else { return nil }
        switch bytes[start + 1] {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"): return 2
        case UInt8(ascii: "u"):
            guard start + 5 < bytes.count, bytes[start + 2] == UInt8(ascii: "0"), bytes[start + 3] == UInt8(ascii: "0") else { return nil }
            let high = bytes[start + 4], low = bytes[start + 5]
            guard high == UInt8(ascii: "0") || high == UInt8(ascii: "1") else { return nil }
            let lowValue: UInt8
            switch low {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): lowValue = low - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): lowValue = low - UInt8(ascii: "a") + 10
            default: return nil
            }
            let value = (high - UInt8(ascii: "0")) << 4 | lowValue
            return [0x08, 0x09, 0x0A, 0x0C, 0x0D].contains(value) ? nil : 6
        default: return nil
        }
    }
}
