/// A `--format` line template: literal text with `$field` or `${field}` placeholders
/// (`$$` is a dollar sign); an absent value renders as nothing.
struct Template: Sendable, Equatable {
    enum Piece: Sendable, Equatable {
        case text(String)
        case field(String)
    }

    let pieces: [Piece]

    /// A template error: what is wrong, naming the field or the place.
    struct Error: Swift.Error, Equatable {
        let message: String
    }

    /// Parses `text`, accepting only fields `isKnown` accepts (`validNames` lists them in messages).
    static func parse(_ text: String, isKnown: (String) -> Bool, validNames: [String]) throws(Error) -> Template {
        var pieces: [Piece] = []
        var literal = ""
        var rest = Substring(text)
        func isNameCharacter(_ c: Character) -> Bool { c.isLetter || c.isNumber || c == "_" }
        while let dollar = rest.firstIndex(of: "$") {
            literal += rest[..<dollar]
            rest = rest[rest.index(after: dollar)...]
            let name: Substring
            if rest.first == "$" {
                literal += "$"
                rest = rest.dropFirst()
                continue
            } else if rest.first == "{" {
                guard let close = rest.firstIndex(of: "}") else {
                    throw Error(message: "unclosed \"${\" in --format \"\(text)\": write ${field}, or $$ for a dollar sign")
                }
                name = rest[rest.index(after: rest.startIndex)..<close]
                rest = rest[rest.index(after: close)...]
            } else {
                let end = rest.firstIndex { !isNameCharacter($0) } ?? rest.endIndex
                name = rest[..<end]
                rest = rest[end...]
            }
            guard !name.isEmpty else {
                throw Error(message: "\"$\" without a field name in --format \"\(text)\": write $field or ${field}, or $$ for a dollar sign")
            }
            guard isKnown(String(name)) else {
                throw Error(message: "unknown field \"\(name)\" in --format \"\(text)\": valid fields are \(validNames.joined(separator: ", "))")
            }
            if !literal.isEmpty { pieces.append(.text(literal)); literal = "" }
            pieces.append(.field(String(name)))
        }
        literal += rest
        if !literal.isEmpty { pieces.append(.text(literal)) }
        return Template(pieces: pieces)
    }

    /// Parses `text` for rows of `table`.
    static func parse<Row>(_ text: String, for table: FieldTable<Row>) throws(Error) -> Template {
        try parse(text, isKnown: table.contains, validNames: table.names.sorted())
    }

    /// The field names the template reads.
    var fieldNames: Set<String> {
        var names: Set<String> = []
        for case .field(let name) in pieces { names.insert(name) }
        return names
    }

    /// Appends the line for a row to bytes; each field's reader is looked up once, with
    /// `reader(name)`, when the renderer is made rather than for every row.
    func renderer<Row>(_ reader: (String) -> @Sendable (Row) -> String?) -> (Row, inout [UInt8]) -> Void {
        let resolved: [(text: [UInt8], field: (@Sendable (Row) -> String?)?)] = pieces.map { piece in
            switch piece {
            case .text(let text): (Array(text.utf8), nil)
            case .field(let name): ([], reader(name))
            }
        }
        return { row, bytes in
            for piece in resolved {
                if let field = piece.field {
                    if let value = field(row) { bytes.append(contentsOf: value.utf8) }
                } else {
                    bytes.append(contentsOf: piece.text)
                }
            }
        }
    }

    /// The line for one row, with `value` giving each field's text (nil renders as nothing).
    func render(_ value: (String) -> String?) -> String {
        pieces.map { piece in
            switch piece {
            case .text(let text): text
            case .field(let name): value(name) ?? ""
            }
        }.joined()
    }
}
