/// The rules for a user's name and password, defined once for the CLI, the services and
/// the server.
public enum UserRules {
    /// User names: 1 to 100 characters after trimming, one line, unique ignoring case.
    public static let name = NameRule(subject: "user name", maxLength: 100)
    /// The longest password accepted, in UTF-8 bytes.
    public static let passwordMaxBytes = 1024

    /// Checks a new password: not empty, not absurdly long, no line breaks (it is read as
    /// one line and sent in URLs).
    public static func validatePassword(_ password: String) throws(ValidationError) {
        if password.isEmpty {
            throw ValidationError(field: "password", message: "The password is empty: choose a password of at least one character.")
        }
        if password.utf8.count > passwordMaxBytes {
            throw ValidationError(field: "password", message: "The password is \(password.utf8.count) bytes long: use at most \(passwordMaxBytes).")
        }
        if password.unicodeScalars.contains(where: { $0 == "\n" || $0 == "\r" || $0 == "\0" }) {
            throw ValidationError(field: "password", message: "The password contains a line break or NUL: use a single line of text.")
        }
    }
}
