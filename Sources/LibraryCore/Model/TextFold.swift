import Foundation

/// Case- and accent-folding for matching: "Björk" and "BJORK" fold to the same text.
///
/// The scanner stores folded copies of searchable fields (`*_fold` columns) so queries
/// compare plain strings in SQLite instead of calling back into Swift for every row.
public enum TextFold {
    /// The folded form of `text`: lowercased, diacritics and width removed, letters without
    /// a decomposition spelled out ("ø" → "o", "æ" → "ae", "ß" → "ss", "ł" → "l"), NFC.
    ///
    /// It runs for every tag at scan time, so pure ASCII takes a fast path, and text in the
    /// Latin, Greek, Cyrillic, Hangul, kana and common CJK blocks is folded scalar by scalar
    /// (`ScalarFolds`); only other text goes through Foundation.
    public static func fold(_ text: String) -> String {
        var isASCII = true
        var hasUppercase = false
        for byte in text.utf8 {
            if byte >= 0x80 { isASCII = false; break }
            if byte >= 0x41 && byte <= 0x5A { hasUppercase = true }
        }
        if isASCII {
            guard hasUppercase else { return text }
            return String(decoding: text.utf8.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }, as: UTF8.self)
        }
        return ScalarFolds.fold(text) ?? slowFold(text)
    }

    /// The fold of any text, through Foundation's compatibility decomposition.
    static func slowFold(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        // Compatibility decomposition splits accents off and maps widths and ligatures.
        for scalar in text.decomposedStringWithCompatibilityMapping.unicodeScalars {
            // Kana voicing marks change the sound (カ/ガ), so they are kept; other marks are accents.
            if scalar.properties.generalCategory == .nonspacingMark && !(0x3099...0x309A).contains(scalar.value) { continue }
            if scalar.isASCII {
                let value = scalar.value
                result.append(value >= 0x41 && value <= 0x5A ? Unicode.Scalar(UInt8(value | 0x20)) : scalar)
                continue
            }
            for lower in scalar.properties.lowercaseMapping.unicodeScalars {
                if let replacement = letters[lower] {
                    result.append(contentsOf: replacement.unicodeScalars)
                } else {
                    result.append(lower)
                }
            }
        }
        return String(result).precomposedStringWithCanonicalMapping
    }

    /// Lowercase letters that are distinct letters rather than accented ones, so no
    /// decomposition removes their "accent", spelled the way people type them.
    private static let letters: [Unicode.Scalar: String] = [
        "ß": "ss", "ø": "o", "æ": "ae", "œ": "oe", "ł": "l", "đ": "d", "ð": "d",
        "þ": "th", "ı": "i", "ħ": "h", "ŧ": "t", "ŋ": "n", "ƒ": "f", "ĸ": "k", "ς": "σ",
    ]
}
