import Foundation
import KanoraAPI

/// A `Localizer` over one catalog: texts from it (the fallback language's for a key it
/// lacks), numbers, dates and durations formatted with Foundation for its language.
public struct CatalogLocalizer: Localizer {
    let catalog: Catalog
    let fallback: Catalog
    let locale: Locale
    /// Whether the language writes 0 to 999 as plain ASCII digits (no grouping below a
    /// thousand), so the small counts on every row of a long list skip the formatter.
    let plainBelowThousand: Bool

    init(catalog: Catalog, fallback: Catalog) {
        self.catalog = catalog
        self.fallback = fallback
        locale = Locale(identifier: catalog.language)
        let locale = locale
        plainBelowThousand = [0, 7, 42, 999].allSatisfy { $0.formatted(.number.locale(locale)) == String($0) }
    }

    public var language: String { catalog.language }

    public func text(_ key: String, count: Int?, substitutions: [String: String]) -> String {
        // A key missing everywhere shows itself: the catalog tests fail on it first.
        let text = catalog.text(key, count: count) ?? fallback.text(key, count: count) ?? key
        return Self.substitute(substitutions, in: text)
    }

    /// `template` with each `{name}` replaced by its value, in one pass (a value is never
    /// read as a placeholder); an unknown `{name}` is left as it is. Swift's own string
    /// scanning: Foundation's `replacingOccurrences` went through NSString for every row of a
    /// 10,000-artist list.
    static func substitute(_ values: [String: String], in template: String) -> String {
        guard !values.isEmpty, template.utf8.contains(UInt8(ascii: "{")) else { return template }
        var result = ""
        var rest = template[...]
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            result += rest[..<open]
            let name = String(rest[rest.index(after: open)..<close])
            if let value = values[name] { result += value } else { result += rest[open...close] }
            rest = rest[rest.index(after: close)...]
        }
        result += rest
        return result
    }

    public func number(_ value: Int) -> String {
        if plainBelowThousand, (0..<1000).contains(value) { return String(value) }
        return value.formatted(.number.locale(locale))
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
