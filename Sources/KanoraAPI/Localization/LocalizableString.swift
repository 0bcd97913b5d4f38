import Foundation

/// User-facing text: a catalog key with its substitutions, resolved when encoded
/// (FOSMVVM's `LocalizableString`). Decoding reads the resolved text a server sent.
public struct LocalizableString: Codable, Sendable, Equatable {
    /// A value put into a `{name}` placeholder.
    public enum Argument: Sendable, Equatable {
        /// Text shown as it is: a name, a title, a query term (data, never a sentence).
        case text(String)
        /// An integer, grouped for the language.
        case number(Int)
        /// A length of time, as `3:45`.
        case duration(Double)
        /// A date in the language's medium style.
        case date(Date)
        /// Other localized text.
        case localized(LocalizableString)
    }

    enum Content: Sendable, Equatable {
        case key(String, count: Int?, arguments: [String: Argument])
        case resolved(String)
    }

    let content: Content

    /// The text of catalog `key`; `count` picks a plural form and fills `{count}`.
    public init(_ key: String, count: Int? = nil, _ arguments: [String: Argument] = [:]) {
        content = .key(key, count: count, arguments: arguments)
    }

    /// Text already resolved (what a client decodes).
    public init(resolved text: String) {
        content = .resolved(text)
    }

    /// `key` with `count`: `LocalizableString("tracks", count: 12)`.
    public static func key(_ key: String, count: Int? = nil, _ arguments: [String: Argument] = [:]) -> LocalizableString {
        LocalizableString(key, count: count, arguments)
    }

    /// The catalog key, while not yet resolved.
    public var key: String? {
        if case .key(let key, _, _) = content { return key }
        return nil
    }

    /// The text as resolved by `localizer` (or as it was decoded).
    public func resolved(by localizer: any Localizer) -> String {
        switch content {
        case .resolved(let text):
            return text
        case .key(let key, let count, let arguments):
            var values = arguments.mapValues { $0.formatted(by: localizer) }
            if let count, values["count"] == nil { values["count"] = localizer.number(count) }
            return localizer.text(key, count: count, substitutions: values)
        }
    }

    /// The resolved text, when decoded from a server's answer.
    public var text: String? {
        if case .resolved(let text) = content { return text }
        return nil
    }

    public init(from decoder: any Decoder) throws {
        content = .resolved(try decoder.singleValueContainer().decode(String.self))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if case .resolved(let text) = content {
            try container.encode(text)
        } else {
            try container.encode(resolved(by: try encoder.localizer(for: "The catalog key `\(key ?? "")`")))
        }
    }
}

extension LocalizableString.Argument {
    /// The argument as text in `localizer`'s language.
    public func formatted(by localizer: any Localizer) -> String {
        switch self {
        case .text(let text): text
        case .number(let value): localizer.number(value)
        case .duration(let seconds): localizer.duration(seconds: seconds)
        case .date(let date): localizer.date(date, time: false)
        case .localized(let string): string.resolved(by: localizer)
        }
    }
}
