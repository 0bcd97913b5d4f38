import Foundation
import KanoraAPI

/// A `Localizer` over one catalog: texts from it (the fallback language's for a key it
/// lacks), numbers, dates and durations formatted with Foundation for its language.
public struct CatalogLocalizer: Localizer {
    let catalog: Catalog
    let fallback: Catalog
    let locale: Locale

    init(catalog: Catalog, fallback: Catalog) {
        self.catalog = catalog
        self.fallback = fallback
        locale = Locale(identifier: catalog.language)
    }

    public var language: String { catalog.language }

    public func text(_ key: String, count: Int?, substitutions: [String: String]) -> String {
        // A key missing everywhere shows itself: the catalog tests fail on it first.
        var text = catalog.text(key, count: count) ?? fallback.text(key, count: count) ?? key
        for (name, value) in substitutions {
            text = text.replacingOccurrences(of: "{\(name)}", with: value)
        }
        return text
    }

    public func number(_ value: Int) -> String {
        value.formatted(.number.locale(locale))
    }

    public func date(_ date: Date, time: Bool) -> String {
        date.formatted(Date.FormatStyle(date: .abbreviated, time: time ? .shortened : .omitted).locale(locale))
    }

    public func duration(seconds: Double) -> String {
        let total = max(0, Int(seconds.rounded()))
        let (hours, minutes, rest) = (total / 3600, total / 60 % 60, total % 60)
        let twoDigits = { (value: Int) in value < 10 ? "0\(value)" : String(value) }
        return hours > 0 ? "\(hours):\(twoDigits(minutes)):\(twoDigits(rest))" : "\(minutes):\(twoDigits(rest))"
    }
}

/// The language of a request: the user's own setting, else the best match of the browser's
/// `Accept-Language` among the shipped languages, else English.
public enum RequestLanguage {
    /// The browser's language for the request being answered (`RequestLanguageMiddleware`);
    /// nil when it sent no `Accept-Language`.
    @TaskLocal public static var browser: String?

    /// The language for a user's `setting` (nil: follow the browser) and `acceptLanguage`.
    public static func choose(setting: String?, acceptLanguage: String?, shipped: [String]) -> String {
        if let setting, shipped.contains(setting) { return setting }
        return bestMatch(acceptLanguage ?? "", shipped: shipped) ?? Localization.fallbackLanguage
    }

    /// The shipped language the header prefers most (`de-AT;q=0.9` matches `de`); nil for none.
    static func bestMatch(_ header: String, shipped: [String]) -> String? {
        let ranges = header.split(separator: ",").prefix(32).enumerated().compactMap { index, part -> (String, Double, Int)? in
            let pieces = part.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let tag = pieces.first, !tag.isEmpty else { return nil }
            var quality = 1.0
            for piece in pieces.dropFirst() where piece.lowercased().hasPrefix("q=") {
                quality = Double(piece.dropFirst(2)) ?? 0
            }
            return quality > 0 ? (tag.lowercased(), quality, index) : nil
        }
        let ordered = ranges.sorted { ($0.1, -$0.2) > ($1.1, -$1.2) }
        for (tag, _, _) in ordered {
            let primary = String(tag.split(separator: "-").first ?? "")
            if shipped.contains(primary) { return primary }
        }
        return nil
    }
}
