/// Named text values of one kind of row (a track, an album, an artist), in display order:
/// the one mapping `kanora show` prints and `--format` templates read.
struct FieldTable<Row>: Sendable {
    struct Field: Sendable {
        let name: String
        /// The value as text; nil when the row has none.
        let value: @Sendable (Row) -> String?
    }

    let fields: [Field]
    private let byName: [String: Field]

    init(_ fields: [Field]) {
        self.fields = fields
        byName = Dictionary(fields.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The field names, in display order.
    var names: [String] { fields.map(\.name) }

    /// Whether `name` is one of the fields.
    func contains(_ name: String) -> Bool { byName[name] != nil }

    /// What reads field `name` from a row (a reader of nothing when `name` is unknown).
    func reader(_ name: String) -> @Sendable (Row) -> String? {
        if let field = byName[name] { return field.value }
        return { _ in nil }
    }

    /// The value of field `name` for `row` (nil when absent or unknown).
    func value(_ name: String, of row: Row) -> String? { byName[name]?.value(row) }
}

extension FieldTable.Field {
    init(_ name: String, _ value: @escaping @Sendable (Row) -> String?) {
        self.init(name: name, value: value)
    }
}
