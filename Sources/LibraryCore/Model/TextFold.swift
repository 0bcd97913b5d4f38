import Foundation

/// Case- and accent-folding for matching: "Björk" and "BJORK" fold to the same text.
///
/// The scanner stores folded copies of searchable fields (`*_fold` columns) so queries
/// compare plain strings in SQLite instead of calling back into Swift for every row.
public enum TextFold {
    /// The folded form of `text`: lowercased, diacritics removed, NFC.
    public static func fold(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
            .precomposedStringWithCanonicalMapping
    }
}
