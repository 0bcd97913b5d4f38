import Foundation

/// The rules for a user's name, password and API key labels, and for the salt of a
/// Subsonic token login: defined once for the CLI, the services, the schema and the server.
public enum UserRules {
    /// User names: 1 to 100 characters after trimming, one line, unique ignoring case.
    public static let name = NameRule(subject: "user name", maxLength: 100)
    /// API key labels ("phone", "laptop"): 1 to 100 characters, one line; a key may have none.
    public static let keyLabel = NameRule(subject: "key label", maxLength: 100)
    /// The fewest characters a new or changed password may have. Passwords stored before
    /// the rule keep working: only new ones are checked.
    public static let passwordMinLength = 8
    /// The longest password accepted, in UTF-8 bytes.
    public static let passwordMaxBytes = 1024
    /// The shortest salt a Subsonic token login (`t` + `s`) may use: the OpenSubsonic
    /// specification's minimum. A short salt lets a captured token be replayed.
    public static let saltMinLength = 6

    /// Checks a new password: at least `passwordMinLength` characters, not absurdly long,
    /// no line breaks (it is read as one line and may be sent in a form).
    public static func validatePassword(_ password: String) throws(ValidationError) {
        if password.isEmpty {
            throw ValidationError(field: "password", message: "The password is empty: choose a password of at least \(passwordMinLength) characters.")
        }
        if password.count < passwordMinLength {
            throw ValidationError(
                field: "password",
                message: "The password has \(password.count) character\(password.count == 1 ? "" : "s"): choose one of at least \(passwordMinLength).")
        }
        if password.utf8.count > passwordMaxBytes {
            throw ValidationError(field: "password", message: "The password is \(password.utf8.count) bytes long: use at most \(passwordMaxBytes).")
        }
        if password.unicodeScalars.contains(where: { $0 == "\n" || $0 == "\r" || $0 == "\0" }) {
            throw ValidationError(field: "password", message: "The password contains a line break or NUL: use a single line of text.")
        }
    }

    /// The longest language tag a user may choose ("de", "pt-BR", "zh-Hant-TW").
    public static let languageMaxLength = 35

    /// Checks a language tag (BCP 47's shape: 2 or 3 letters, then subtags of 1 to 8
    /// letters or digits, joined by "-"); nil means "follow the browser". Returns it as
    /// stored (primary subtag lowercase).
    public static func validateLanguage(_ language: String?) throws(ValidationError) -> String? {
        guard let language else { return nil }
        let parts = language.split(separator: "-", omittingEmptySubsequences: false)
        let primaryOK = (2...3).contains(parts[0].count) && parts[0].allSatisfy { $0.isASCII && $0.isLetter }
        let restOK = parts.dropFirst().allSatisfy { (1...8).contains($0.count) && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } }
        guard language.count <= languageMaxLength, primaryOK, restOK else {
            throw ValidationError(field: "language", message: "\"\(language.prefix(40))\" is not a language tag: use a code such as \"en\" or \"de\".")
        }
        return ([parts[0].lowercased()] + parts.dropFirst().map(String.init)).joined(separator: "-")
    }

    /// Checks an API key's label: nil or blank means no label; otherwise `keyLabel`'s rule.
    /// Returns the label to store.
    public static func validateKeyLabel(_ label: String?) throws(ValidationError) -> String? {
        guard let label, !label.trimmingCharacters(in: .whitespaces).isEmpty else { return nil }
        return try keyLabel.validate(label)
    }
}
