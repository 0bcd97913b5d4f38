import LibraryCore

/// Writes a `subsonic-response` tree as XML, JSON or JSONP text.
enum SubsonicRenderer {
    static func render(_ root: SubsonicNode, as format: SubsonicFormat) -> String {
        switch format {
        case .xml:
            var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            writeXML(root, to: &out, namespace: "http://subsonic.org/restapi")
            return out
        case .json:
            return json(root)
        case .jsonp(let callback):
            return "\(callback)(\(json(root)));"
        }
    }

    private static func json(_ root: SubsonicNode) -> String {
        var out = "{"
        writeJSONString(root.name, to: &out)
        out += ":"
        writeJSON(root, to: &out)
        out += "}"
        return out
    }

    // MARK: XML

    private static func writeXML(_ node: SubsonicNode, to out: inout String, namespace: String? = nil) {
        out += "<\(node.name)"
        if let namespace { out += " xmlns=\"\(namespace)\"" }
        for (key, value) in node.attributes {
            out += " \(key)=\""
            writeXMLEscaped(value.text, to: &out, attribute: true)
            out += "\""
        }
        guard !node.children.isEmpty || node.text != nil else {
            out += "/>"
            return
        }
        out += ">"
        if let text = node.text { writeXMLEscaped(text, to: &out, attribute: false) }
        for child in node.children {
            switch child {
            case .object(let object): writeXML(object, to: &out)
            case .list(_, let items): for item in items { writeXML(item, to: &out) }
            case .values(let name, let values):
                for value in values {
                    out += "<\(name)>"
                    writeXMLEscaped(value.text, to: &out, attribute: false)
                    out += "</\(name)>"
                }
            }
        }
        out += "</\(node.name)>"
    }

    /// Escapes markup and drops the characters XML 1.0 cannot carry at all (tags read from
    /// files may hold any control character).
    private static func writeXMLEscaped(_ text: String, to out: inout String, attribute: Bool) {
        // Most text has nothing to escape or drop: appended whole, not scalar by scalar.
        // (0xEF leads U+FFFE and U+FFFF, so text holding it takes the careful path.)
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 != 0x26 && $0 != 0x3C && $0 != 0x3E && $0 != 0x22 && $0 != 0x27 && $0 != 0xEF }) {
            out += text
            return
        }
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"" where attribute: out += "&quot;"
            case "'" where attribute: out += "&apos;"
            case "\n" where attribute: out += "&#10;"
            case "\r": out += "&#13;"
            case "\t" where attribute: out += "&#9;"
            case "\n", "\t": out.unicodeScalars.append(scalar)
            default:
                let value = scalar.value
                if value < 0x20 || value == 0xFFFE || value == 0xFFFF { continue }
                out.unicodeScalars.append(scalar)
            }
        }
    }

    // MARK: JSON

    private static func writeJSON(_ node: SubsonicNode, to out: inout String) {
        out += "{"
        var first = true
        func key(_ name: String) {
            if !first { out += "," }
            first = false
            writeJSONString(name, to: &out)
            out += ":"
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
        out += "}"
    }

    private static func writeJSONArray<Element>(
        _ elements: [Element], to out: inout String, _ write: (Element, inout String) -> Void
    ) {
        out += "["
        for (index, element) in elements.enumerated() {
            if index > 0 { out += "," }
            write(element, &out)
        }
        out += "]"
    }

    private static func writeJSON(_ value: SubsonicValue, to out: inout String) {
        switch value {
        case .string, .date: writeJSONString(value.text, to: &out)
        case .int, .double, .bool: out += value.text
        }
    }

    private static func writeJSONString(_ text: String, to out: inout String) {
        JSONString.appendQuoted(text, to: &out, escapingLineSeparators: true)
    }
}
