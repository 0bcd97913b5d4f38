import LibraryCore

/// Writes a `subsonic-response` tree as XML, JSON or JSONP, straight into UTF-8 bytes (the
/// response body), escaping in one pass per string.
enum SubsonicRenderer {
    /// How many bytes a chunk of `chunks(_:as:)` holds before the next one is started: a
    /// chunk is cut after a list item once it has this many, so it stays within 64 KiB
    /// unless one item is larger.
    static let chunkLength = 56 * 1024

    /// The answer as the bytes of its body.
    static func bytes(_ root: SubsonicNode, as format: SubsonicFormat) -> [UInt8] {
        let parts = chunks(root, as: format)
        return parts.count == 1 ? parts[0] : Array(parts.joined())
    }

    /// The answer as the bytes of its body, in chunks of about `chunkLength` bytes (one for
    /// an answer that size or smaller): a large answer is never one buffer grown by doubling
    /// and then copied whole, and it can be freed chunk by chunk as it is sent.
    static func chunks(_ root: SubsonicNode, as format: SubsonicFormat) -> [[UInt8]] {
        write(root, as: format, to: RenderOutput(json: format != .xml))
    }

    /// Writes the answer, handing each chunk to `sink` as it fills (the last one too), until
    /// `sink` returns false: then its lists stop at their next item.
    static func write(_ root: SubsonicNode, as format: SubsonicFormat, sink: @escaping ([UInt8]) -> Bool) {
        _ = write(root, as: format, to: RenderOutput(json: format != .xml, sink: sink))
    }

    private static func write(_ root: SubsonicNode, as format: SubsonicFormat, to output: consuming RenderOutput) -> [[UInt8]] {
        var out = output
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
        return out.finish()
    }

    /// The answer as text.
    static func render(_ root: SubsonicNode, as format: SubsonicFormat) -> String {
        String(decoding: bytes(root, as: format), as: UTF8.self)
    }

    private static func writeJSONDocument(_ root: SubsonicNode, to out: inout RenderOutput) {
        out.append("{")
        writeJSONString(root.name, to: &out)
        out.append(":")
        writeJSON(root, to: &out)
        out.append("}")
    }

    // MARK: XML

    private static func writeXML(_ node: SubsonicNode, to out: inout RenderOutput, namespace: String? = nil) {
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
        if let text = node.text { XMLText.append(text, to: &out.bytes, attribute: false) }
        for child in node.children {
            switch child {
            case .object(let object): writeXML(object, to: &out)
            case .list(_, let items):
                for item in items where !out.stopped {
                    writeXML(item, to: &out)
                    out.endItem()
                }
            case .generated(_, let count, let item):
                for index in 0..<count where !out.stopped {
                    writeXML(item(index), to: &out)
                    out.endItem()
                }
            case .entries(let list):
                for index in 0..<list.count where !out.stopped {
                    out.writeObject(named: list.name) { list.write(index, &$0) }
                    out.endItem()
                }
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

    private static func writeXMLEscaped(_ value: SubsonicValue, to out: inout RenderOutput, attribute: Bool) {
        switch value {
        case .string(let text): XMLText.append(text, to: &out.bytes, attribute: attribute)
        case .int(let number): out.append(decimal: number)
        case .bool(let flag): out.append(flag ? "true" : "false")
        case .double, .date: XMLText.append(value.text, to: &out.bytes, attribute: attribute)
        }
    }

    // MARK: JSON

    private static func writeJSON(_ node: SubsonicNode, to out: inout RenderOutput) {
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
                writeJSONArray(count: items.count, to: &out) { writeJSON(items[$0], to: &$1) }
            case .generated(let name, let count, let item):
                key(name)
                writeJSONArray(count: count, to: &out) { writeJSON(item($0), to: &$1) }
            case .entries(let list):
                key(list.name)
                writeJSONArray(count: list.count, to: &out) { index, out in
                    out.writeObject(named: list.name) { list.write(index, &$0) }
                }
            case .values(let name, let values):
                key(name)
                writeJSONArray(count: values.count, to: &out) { writeJSON(values[$0], to: &$1) }
            }
        }
        out.append("}")
    }

    /// `[`, the `count` elements `write` writes (by index), `]`.
    private static func writeJSONArray(
        count: Int, to out: inout RenderOutput, _ write: (Int, inout RenderOutput) -> Void
    ) {
        out.append("[")
        for index in 0..<count where !out.stopped {
            if index > 0 { out.append(",") }
            write(index, &out)
            out.endItem()
        }
        out.append("]")
    }

    private static func writeJSON(_ value: SubsonicValue, to out: inout RenderOutput) {
        switch value {
        case .string(let text): writeJSONString(text, to: &out)
        case .date: writeJSONString(value.text, to: &out)
        case .int(let number): out.append(decimal: number)
        case .bool(let flag): out.append(flag ? "true" : "false")
        case .double: out.append(value.text)
        }
    }

    private static func writeJSONString(_ text: String, to out: inout RenderOutput) {
        out.appendJSONString(text)
    }
}
