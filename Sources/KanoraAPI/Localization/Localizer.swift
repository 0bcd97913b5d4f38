import Foundation

/// Resolves catalog keys and formats values for one language (FOSMVVM's localization store).
///
/// An encoder whose `userInfo[.localizer]` holds one encodes every `LocalizableString`,
/// `LocalizedNumber`, `LocalizedDate` and `LocalizedDuration` as its resolved text, so the
/// JSON holds plain strings (a client decodes them as `String`) and catalog keys never leave
/// the server. The server's catalogs (YAML, en and de) implement it.
public protocol Localizer: Sendable {
    /// The language code the text is in (`en`, `de`).
    var language: String { get }
    /// The text of `key` with `{name}` placeholders replaced by `substitutions` (already
    /// formatted); a key with plural forms picks its form by the `count` substitution.
    func text(_ key: String, count: Int?, substitutions: [String: String]) -> String
    /// An integer with the language's grouping (`1,234`, `1.234`).
    func number(_ value: Int) -> String
    /// A date (and, with `time`, its time of day) in the language's medium style.
    func date(_ date: Date, time: Bool) -> String
    /// A length of time as a player shows it: `3:45`, `1:02:03`.
    func duration(seconds: Double) -> String
}

extension CodingUserInfoKey {
    /// Where an encoder carries its `Localizer`.
    public static let localizer = CodingUserInfoKey(rawValue: "kanora.localizer")!
}

/// The error of encoding a localizable value with no `Localizer` in the encoder: a catalog
/// key would otherwise reach the client.
public struct MissingLocalizer: Error, CustomStringConvertible {
    /// The catalog key or value that could not be resolved.
    public let what: String
    public var description: String { "\(what) needs a Localizer in the encoder's userInfo[.localizer]." }
}

extension Encoder {
    /// The encoder's localizer, or `MissingLocalizer`.
    func localizer(for what: @autoclosure () -> String) throws -> any Localizer {
        guard let localizer = userInfo[.localizer] as? any Localizer else { throw MissingLocalizer(what: what()) }
        return localizer
    }
}
