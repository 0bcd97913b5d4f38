/// The user-editable fields of a library, and their one set of rules.
public protocol LibraryFields {
    /// The library's display name.
    var name: String { get }
}

extension LibraryFields {
    /// Checks every field; throws the first rule broken.
    public func validate() throws(ValidationError) {
        _ = try LibraryRules.name.validate(name)
    }
}

/// The rules behind `LibraryFields`.
public enum LibraryRules {
    /// Library names: 1 to 100 characters, one line, unique ignoring case.
    public static let name = NameRule(subject: "library name", maxLength: 100)
}
