import LibraryCore

/// Writes a `subsonic-response` tree as XML, JSON or JSONP, straight into UTF-8 bytes (the
/// response body), escaping in one pass per string.
enum SubsonicRenderer {
    /// The answer as the bytes of its body.
    static func bytes(_ root: SubsonicNode, as format: SubsonicFormat) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(4096)
        switch format {
        case .xml:
            out.append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
            writeXML(root, to: &out, namespace: "http://subsonic.org/restapi")
        case .json:
            writeJSONDocument(root, to: &out)
        case .jsonp(let callback):
            out.append(callback)
            out.append("(")
            writeJSONDocument(root, to: &out)
            out.append(");")
        }
        return out
    }

    /// The answer as text.
    static func render(_ root: SubsonicNode, as format: SubsonicFormat) -> String {
        String(decoding: bytes(root, as: format), as: UTF8.self)
    }

    private static func writeJSONDocument(_ root: SubsonicNode, to out: inout [UInt8]) {
        out.append("{")
        writeJSONString(root.name, to: &out)
        out.append(":")
        writeJSON(root, to: &out)
        out.append("}")
    }

    // MARK: XML

    private static func writeXML(_ node: SubsonicNode, to out: inout [UInt8], namespace: String? = nil) {
        out.append("<")
        out.append(node.name)
        if let namespace {
            out.append(" xmlns=\"")
            out.append(namespace)
            out.append("\"")
        }
        for (key, value) in node.attributes {
            out.append(" ")
            out.append(key)
            out.append("=\"")
            writeXMLEscaped(value, to: &out, attribute: true)
            out.append("\"")
        }
        guard !node.children.isEmpty || node.text != nil else {
            out.append("/>")
            return
        }
        out.append(">")
        if let text = node.text { XMLText.append(text, to: &out, attribute: false) }
        for child in node.children {
            switch child {
            case .object(let object): writeXML(object, to: &out)
            case .list(_, let items): for item in items { writeXML(item, to: &out) }
            case .values(let name, let values):
                for value in values {
                    out.append("<")
                    out.append(name)
                    out.append(">")
                    writeXMLEscaped(value, to: &out, attribute: false)
                    out.append("</")
                    out.append(name)
                    out.append(">")
                }
            }
        }
        out.append("</")
        out.append(node.name)
        out.append(">")
    }

    private static func writeXMLEscaped(_ value: SubsonicValue, to out: inout [UInt8], attribute: Bool) {
        switch value {
        case .string(let text): XMLText.append(text, to: &out, attribute: attribute)
        case .int(let number): out.append(decimal: number)
        case .bool(let flag): out.append(flag ? "true" : "false")
        case .double, .date: XMLText.append(value.text, to: &out, attribute: attribute)
        }
    }

    // MARK: JSON

    private static func writeJSON(_ node: SubsonicNode, to out: inout [UInt8]) {
        out.append("{")
        var first = true
        func key(_ name: String) {
            if !first { out.append(",") }
            first = false
            writeJSONString(name, to: &out)
            out.append(":")
        }
        for (name, value) in node.attributes {
            key(name)
            writeJSON(value, to: &out)
        }
        if let text = node.text {
            key("value")
            writeJSONString(text, to: &out)
        }
        for child in node.children {
            switch child {
            case .object(let object):
                key(object.name)
                writeJSON(object, to: &out)
            case .list(let name, let items):
                key(name)
                writeJSONArray(items, to: &out) { writeJSON($0, to: &$1) }
            case .values(let name, let values):
                key(name)
                writeJSONArray(values, to: &out) { writeJSON($0, to: &$1) }
            }
        }
        out.append("}")
    }

    private static func writeJSONArray<Element>(
        _ elements: [Element], to out: inout [UInt8], _ write: (Element, inout [UInt8]) -> Void
    ) {
        out.append("[")
        for (index, element) in elements.enumerated() {
            if index > 0 { out.append(",") }
            write(element, &out)
        }
        out.append("]")
    }

    private static func writeJSON(_ value: SubsonicValue, to out: inout [UInt8]) {
        switch value {
        case .string(let text): writeJSONString(text, to: &out)
        case .date: writeJSONString(value.text, to: &out)
        case .int(let number): out.append(decimal: number)
        case .bool(let flag): out.append(flag ? "true" : "false")
        case .double: out.append(value.text)
        }
    }

    private static func writeJSONString(_ text: String, to out: inout [UInt8]) {
        JSONString.appendQuoted(text, to: &out, escapingLineSeparators: true)
    }
}

extension [UInt8] {
    /// Appends the UTF-8 bytes of `text`.
    fileprivate mutating func append(_ text: String) {
        var text = text
        text.withUTF8 { append(contentsOf: $0) }
    }

    /// Appends `number` in decimal, as `String(number)` writes it.
    fileprivate mutating func append(decimal number: Int64) {
        if number >= 0, number < 10 {
            append(UInt8(ascii: "0") + UInt8(number))
            return
        }
        append(String(number))
    }
}
