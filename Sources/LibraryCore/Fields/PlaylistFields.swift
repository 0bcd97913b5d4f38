/// The user-editable fields of a playlist, and their one set of rules.
public protocol PlaylistFields {
    /// The playlist's name.
    var name: String { get }
    /// An optional free-text description.
    var description: String? { get }
}

extension PlaylistFields {
    /// Checks every field; throws the first rule broken.
    public func validate() throws(ValidationError) {
        _ = try PlaylistRules.name.validate(name)
        try PlaylistRules.validateDescription(description)
    }
}

/// The rules behind `PlaylistFields`.
public enum PlaylistRules {
    /// Playlist names: 1 to 200 characters after trimming, one line, unique per owner ignoring case.
    public static let name = NameRule(subject: "playlist name", maxLength: 200)
    /// The longest description allowed, in characters.
    public static let descriptionMaxLength = 2000

    /// Checks a description's length.
    public static func validateDescription(_ description: String?) throws(ValidationError) {
        guard let description, description.count > descriptionMaxLength else { return }
        throw ValidationError(
            field: "playlist description",
            message: "The playlist description is \(description.count) characters long: use at most \(descriptionMaxLength).")
    }

    /// A CHECK expression for the description column.
    public static func descriptionCheckSQL(column: String) -> String {
        "\(column) IS NULL OR length(\(column)) <= \(descriptionMaxLength)"
    }
}
