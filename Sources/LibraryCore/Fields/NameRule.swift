import Foundation

/// The rule for a user-chosen display name (playlists, libraries): trimmed, non-empty, at
/// most `maxLength` characters, no control characters or newlines, unique per owner
/// ignoring case.
///
/// One definition serves the CLI (before any work), the services (before any write) and
/// the schema (`checkSQL`, a CHECK constraint).
public struct NameRule: Sendable {
    /// What the name names, for messages ("playlist name").
    public let subject: String
    /// The largest number of characters allowed after trimming.
    public let maxLength: Int

    public init(subject: String, maxLength: Int) {
        self.subject = subject
        self.maxLength = maxLength
    }

    /// Trims `raw` and checks it; returns the name to store.
    public func validate(_ raw: String) throws(ValidationError) -> String {
        let name = raw.trimmingCharacters(in: .whitespaces).precomposedStringWithCanonicalMapping
        if name.isEmpty {
            throw ValidationError(field: subject, message: "The \(subject) is empty: give a name with at least one visible character.")
        }
        if name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            throw ValidationError(field: subject, message: "The \(subject) contains a control character or line break: use a single line of text.")
        }
        // Counted in code points, as SQLite's length() in `checkSQL` counts them: counting
        // grapheme clusters let names with emoji through that the schema then refused.
        let length = name.unicodeScalars.count
        if length > maxLength {
            throw ValidationError(field: subject, message: "The \(subject) is \(length) characters long: use at most \(maxLength).")
        }
        return name
    }

    /// The key two names share when they differ only in case (for uniqueness).
    public func key(for name: String) -> String {
        name.precomposedStringWithCanonicalMapping.lowercased()
    }

    /// A CHECK expression enforcing the same rule on `column` (length in code points, no
    /// control characters (C0, DEL, C1, NUL), no surrounding Unicode spaces).
    public func checkSQL(column: String) -> String {
        // The characters of `CharacterSet.whitespaces` (Zs; tab is a control character).
        // NUL needs its own test: length() and GLOB stop at the first one.
        """
        length(\(column)) BETWEEN 1 AND \(maxLength) \
        AND \(column) = trim(\(column), char(32, 160, 5760, 8192, 8193, 8194, 8195, 8196, 8197, 8198, 8199, 8200, 8201, 8202, 8239, 8287, 12288)) \
        AND \(column) NOT GLOB ('*[' || char(1) || '-' || char(31) || char(127) || '-' || char(159) || ']*') \
        AND instr(CAST(\(column) AS BLOB), x'00') = 0
        """
    }
}
