import Foundation
import KanoraAPI
import Yams

/// One language's strings, from its YAML catalog (`Localization/LANG.yml`, compiled into the
/// binary): nested keys flattened with dots (`home.section.recent`); a value is a text with
/// `{name}` placeholders, or a mapping `one:`/`other:` of plural forms chosen by `{count}`.
public struct Catalog: Sendable {
    /// A catalog value.
    public enum Entry: Sendable, Equatable {
        case text(String)
        case plural(one: String, other: String)

        /// Every form's text.
        public var forms: [String] {
            switch self {
            case .text(let text): [text]
            case .plural(let one, let other): [one, other]
            }
        }
    }

    /// The language code (`en`).
    public let language: String
    /// The entries by flattened key.
    public let entries: [String: Entry]

    /// Parses `yaml`; throws naming the key whose value is neither a text nor plural forms.
    public init(language: String, yaml: String) throws {
        self.language = language
        guard let root = try Yams.load(yaml: yaml) as? [String: Any] else {
            throw CatalogError(language: language, message: "the catalog is not a mapping of keys")
        }
        var entries: [String: Entry] = [:]
        try Self.flatten(root, prefix: "", into: &entries, language: language)
        self.entries = entries
    }

    private static func flatten(_ mapping: [String: Any], prefix: String, into entries: inout [String: Entry], language: String) throws {
        for (name, value) in mapping {
            let key = prefix + name
            switch value {
            case let text as String:
                entries[key] = .text(text)
            case let nested as [String: Any] where Set(nested.keys) == ["one", "other"]:
                guard let one = nested["one"] as? String, let other = nested["other"] as? String else {
                    throw CatalogError(language: language, message: "`\(key)` has plural forms that are not texts")
                }
                entries[key] = .plural(one: one, other: other)
            case let nested as [String: Any]:
                try flatten(nested, prefix: key + ".", into: &entries, language: language)
            default:
                throw CatalogError(language: language, message: "`\(key)` is neither a text nor a mapping (quote numbers and yes/no)")
            }
        }
    }

    /// The text of `key` for `count`, or nil when the catalog lacks it.
    public func text(_ key: String, count: Int?) -> String? {
        switch entries[key] {
        case .text(let text): text
        case .plural(let one, let other): count == 1 ? one : other
        case nil: nil
        }
    }
}

/// A catalog that does not read.
public struct CatalogError: Error, CustomStringConvertible {
    public let language: String
    public let message: String
    public var description: String { "The \(language) catalog of the web app does not read: \(message)." }
}

/// The shipped languages and their catalogs.
public struct Localization: Sendable {
    /// The language used when nothing else matches.
    public static let fallbackLanguage = "en"

    /// Catalogs by language code.
    public let catalogs: [String: Catalog]

    /// The shipped languages, the fallback first.
    public var languages: [String] {
        [Self.fallbackLanguage] + catalogs.keys.filter { $0 != Self.fallbackLanguage }.sorted()
    }

    public init(catalogs: [Catalog]) {
        self.catalogs = Dictionary(uniqueKeysWithValues: catalogs.map { ($0.language, $0) })
    }

    /// The catalogs compiled into the binary (`Localization/*.yml`): a catalog that does not
    /// read stops the server at start-up (the tests read each one first).
    public static let shipped: Localization = {
        do {
            return Localization(catalogs: [
                try Catalog(language: "en", yaml: String(decoding: PackageResources.en_yml, as: UTF8.self)),
                try Catalog(language: "de", yaml: String(decoding: PackageResources.de_yml, as: UTF8.self)),
            ])
        } catch {
            fatalError("\(error)")
        }
    }()

    /// The localizer for `language` (the fallback's for a language not shipped).
    public func localizer(for language: String) -> CatalogLocalizer {
        let fallback = catalogs[Self.fallbackLanguage]!
        return CatalogLocalizer(catalog: catalogs[language] ?? fallback, fallback: fallback)
    }

    /// Each shipped language, named in itself (`Deutsch`), for a language menu.
    public var choices: [LanguageChoice] {
        languages.map { LanguageChoice(code: $0, name: .key("languages.\($0)")) }
    }
}
