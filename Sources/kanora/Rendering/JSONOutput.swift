import Foundation
import LibraryCore
import LibraryServices

/// The `--json` contract: stable camelCase keys, sorted, absent values as null.
enum JSONOutput {
    /// Pretty, key-sorted JSON text for any encodable value.
    static func text(_ value: some Encodable) -> String {
        encode(value, formatting: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
    }

    /// One value as a single line of JSON (keys sorted), for commands printing a stream of them.
    static func line(_ value: some Encodable) -> String {
        encode(value, formatting: [.sortedKeys, .withoutEscapingSlashes])
    }

    private static func encode(_ value: some Encodable, formatting: JSONEncoder.OutputFormatting) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = formatting
        return (try? encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? "null"
    }
}

/// A JSON object written from its fields: every key is written, a nil value as null
/// (synthesized `Codable` would leave the key out).
struct JSONObject: Encodable {
    private let fields: [(key: String, value: any Encodable)]

    /// An object of these fields, e.g. `["id": track.id, "title": track.title]`.
    init(_ fields: KeyValuePairs<String, any Encodable>) {
        self.fields = fields.map { ($0.key, $0.value) }
    }

    /// An object of these fields, keyed by name.
    init(fields: [(key: String, value: any Encodable)]) {
        self.fields = fields
    }

    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        for field in fields {
            try container.encode(field.value, forKey: Key(stringValue: field.key))
        }
    }
}

extension JSONObject {
    /// The object `kanora scan --json` prints.
    static func scan(_ summary: ScanSummary) -> JSONObject {
        JSONObject([
            "library": summary.library.name, "root": summary.library.root.text, "added": summary.added,
            "updated": summary.updated, "unchanged": summary.unchanged, "moved": summary.moved,
            "upgraded": summary.upgraded,
            "upgrades": summary.upgrades.map { JSONObject(["id": $0.id, "from": $0.from, "to": $0.to]) },
            "missing": summary.missing, "failed": summary.failed, "failures": summary.failures,
            "seconds": (summary.elapsed * 1000).rounded() / 1000,
        ])
    }
}
