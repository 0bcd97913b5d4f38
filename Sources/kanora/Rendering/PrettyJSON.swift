import LibraryCore

/// Writes `--json` rows straight into an `OutputBuffer`, byte for byte as
/// `JSONOutput.text` (Foundation's `JSONEncoder`, pretty-printed with sorted keys and
/// unescaped slashes) writes the same array of objects, without building them first.
enum PrettyJSON {
    /// `rows` as a pretty-printed JSON array of `layout`'s objects, then a newline.
    static func write<Row>(_ rows: [Row], _ layout: JSONRowLayout<Row>, to out: inout OutputBuffer) {
        var writer = Writer(layout)
        writer.begin(&out)
        for row in rows { writer.write(row, to: &out) }
        writer.end(&out)
    }

    /// Writes the array one row at a time: `begin`, `write` each row, then `end`.
    struct Writer<Row> {
        let layout: JSONRowLayout<Row>
        /// `"key" : ` at the fields' depth, made once.
        private let prefixes: [[UInt8]]
        private var written = 0

        init(_ layout: JSONRowLayout<Row>) {
            self.layout = layout
            prefixes = layout.fields.map { field -> [UInt8] in
                var prefix = Array("    ".utf8)
                PrettyJSON.appendQuoted(field.key, to: &prefix)
                prefix += Array(" : ".utf8)
                return prefix
            }
        }

        /// Opens the array.
        func begin(_ out: inout OutputBuffer) {
            out.append("[\n")
        }

        /// Writes the next row's object.
        mutating func write(_ row: Row, to out: inout OutputBuffer) {
            out.append(written == 0 ? "  {\n" : ",\n  {\n")
            for (position, field) in layout.fields.enumerated() {
                if position > 0 { out.append(",\n") }
                out.append(bytes: prefixes[position])
                PrettyJSON.appendValue(field.value(row), to: &out)
            }
            out.append("\n  }")
            out.flushIfFull()
            written += 1
        }

        /// Closes the array and ends its line.
        func end(_ out: inout OutputBuffer) {
            out.append("\n]")
            out.endLine()
        }
    }

    fileprivate static func appendValue(_ value: JSONField, to out: inout OutputBuffer) {
        switch value {
        case .string(let text?): out.appendJSONString(text)
        case .integer(let number?): out.append(String(number))
        case .bool(let flag): out.append(flag ? "true" : "false")
        case .string(nil), .integer(nil): out.append("null")
        case .strings(let texts):
            // JSONEncoder's pretty arrays: one element a line; an empty one is "[", an empty line, "]".
            out.append("[\n")
            for (index, text) in texts.enumerated() {
                out.append(index == 0 ? "      " : ",\n      ")
                out.appendJSONString(text)
            }
            out.append("\n    ]")
        }
    }

    /// `text` quoted and escaped as JSONEncoder escapes it (`"`, `\`, control characters;
    /// slashes and non-ASCII text as they are).
    static func appendQuoted(_ text: String, to bytes: inout [UInt8]) {
        var text = text
        text.withUTF8 { JSONString.appendEncoderQuoted(utf8: $0, escapingSlashes: false, to: &bytes) }
    }
}

extension OutputBuffer {
    /// Appends `text` as a quoted, escaped JSON string.
    mutating func appendJSONString(_ text: String) {
        append { PrettyJSON.appendQuoted(text, to: &$0) }
    }
}
