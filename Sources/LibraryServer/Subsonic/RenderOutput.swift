import Foundation
import KanoraAPI
import LibraryCore

/// The bytes of an answer being rendered: the current chunk, and the full ones before it (or,
/// given a sink, the current chunk only: each full one is handed to the sink).
/// As `SubsonicFields` it writes an object's members straight into them, in XML or JSON.
struct RenderOutput {
    /// The chunk being written.
    var bytes: [UInt8]
    private var full: [[UInt8]] = []
    /// Takes each full chunk, in order, and says whether to go on (false: nobody reads any more).
    private let sink: (([UInt8]) -> Bool)?
    /// The sink wants no more chunks: lists stop at their next item (what is written after
    /// that is thrown away).
    private(set) var stopped = false
    /// A chunk went to the sink already.
    private var emittedAny = false
    /// JSON, else XML.
    let json: Bool
    /// JSON: no member written yet in the object being written (so no comma before the next).
    private var firstMember = true
    /// XML: the start tag of the element being written still lacks its `>` (no child yet).
    private var startTagOpen = false

    /// An output whose chunks are kept until `finish()`, or, with a `sink`, handed to it as
    /// each fills.
    init(json: Bool, sink: (([UInt8]) -> Bool)? = nil) {
        self.json = json
        self.sink = sink
        bytes = []
        bytes.reserveCapacity(4096)
    }

    /// Called after each list item: starts a new chunk once this one holds `chunkLength`.
    mutating func endItem() {
        guard bytes.count >= SubsonicRenderer.chunkLength else { return }
        if let sink {
            emittedAny = true
            if !stopped, !sink(bytes) { stopped = true }
        } else {
            full.append(bytes)
        }
        bytes = []
        bytes.reserveCapacity(64 * 1024)
    }

    /// Every chunk, the last one included (one chunk, maybe empty, at least); with a sink,
    /// none: the last one goes to the sink too (unless it is empty after others, or stopped).
    consuming func finish() -> [[UInt8]] {
        if let sink {
            if !stopped, !(bytes.isEmpty && emittedAny) { _ = sink(bytes) }
            return []
        }
        if full.isEmpty || !bytes.isEmpty { full.append(bytes) }
        return full
    }

    /// Appends the UTF-8 bytes of `text`.
    mutating func append(_ text: String) {
        var text = text
        text.withUTF8 { bytes.append(contentsOf: $0) }
    }

    /// Appends the bytes of `text`.
    mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// Appends `number` in decimal, as `String(number)` writes it (digits made in place, not
    /// through a `String`: a 5,000-song answer writes some 50,000 numbers).
    mutating func append(decimal number: Int64) {
        ScratchBytes.append(to: &bytes, capacity: 20) { $0.put(decimal: number) }
    }

    /// Appends `text` as a JSON string (quoted, escaped).
    mutating func appendJSONString(_ text: String) {
        JSONString.appendQuoted(text, to: &bytes, escapingLineSeparators: true)
    }

    /// Writes one object named `name` whose members `body` adds: an element in XML; in JSON
    /// the braces only (its key or array slot is written by the caller).
    mutating func writeObject(named name: String, _ body: (inout RenderOutput) -> Void) {
        let outer = (firstMember, startTagOpen)
        if json {
            bytes.append(UInt8(ascii: "{"))
            firstMember = true
        } else {
            bytes.append(UInt8(ascii: "<"))
            append(name)
            startTagOpen = true
        }
        body(&self)
        if json {
            bytes.append(UInt8(ascii: "}"))
        } else if startTagOpen {
            bytes.append(UInt8(ascii: "/"))
            bytes.append(UInt8(ascii: ">"))
        } else {
            bytes.append(UInt8(ascii: "<"))
            bytes.append(UInt8(ascii: "/"))
            append(name)
            bytes.append(UInt8(ascii: ">"))
        }
        (firstMember, startTagOpen) = outer
    }

    /// Appends one member in one copy: JSON `,"key":` (no comma for the first member) and
    /// what `value` puts; XML ` key="`, what `value` puts and (if `closing`) `"`. `valueBound`
    /// is the most bytes `value` puts.
    private mutating func appendMember(
        _ key: StaticString, valueBound: Int, closing: Bool = true, _ value: (inout ScratchBytes) -> Void
    ) {
        key.withUTF8Buffer { appendMember(utf8: $0, valueBound: valueBound, closing: closing, value) }
    }

    private mutating func appendMember(
        utf8 key: UnsafeBufferPointer<UInt8>, valueBound: Int, closing: Bool, _ value: (inout ScratchBytes) -> Void
    ) {
        let json = json
        let comma = json && !firstMember
        if json { firstMember = false }
        ScratchBytes.append(to: &bytes, capacity: key.count + 4 + valueBound) { out in
            if json {
                if comma { out.put(UInt8(ascii: ",")) }
                out.put(UInt8(ascii: "\""))
                out.put(key)
                out.put(UInt8(ascii: "\""))
                out.put(UInt8(ascii: ":"))
                value(&out)
            } else {
                out.put(UInt8(ascii: " "))
                out.put(key)
                out.put(UInt8(ascii: "="))
                out.put(UInt8(ascii: "\""))
                value(&out)
                if closing { out.put(UInt8(ascii: "\"")) }
            }
        }
    }

    /// JSON: `,"key":` (no comma for the first member), then a `"` if `quoted`. XML: ` key="`.
    /// The value and `endAttribute()` follow.
    private mutating func beginAttribute(_ key: StaticString, quoted: Bool = false) {
        let openingQuote = json && quoted
        appendMember(key, valueBound: 1, closing: false) { if openingQuote { $0.put(UInt8(ascii: "\"")) } }
    }

    private mutating func endAttribute() {
        if !json { bytes.append(UInt8(ascii: "\"")) }
    }

    /// JSON: `,"key":` (no comma for the first member), then `opening` if any.
    private mutating func memberKey(_ key: String, then opening: UInt8? = nil) {
        var key = key
        key.withUTF8 { key in
            appendMember(utf8: key, valueBound: 1, closing: false) { if let opening { $0.put(opening) } }
        }
    }

    /// XML: ends the start tag before the first child.
    private mutating func beginChildren() {
        guard startTagOpen else { return }
        bytes.append(UInt8(ascii: ">"))
        startTagOpen = false
    }
}

extension RenderOutput: SubsonicFields {
    mutating func add(_ key: StaticString, _ value: String?) {
        guard var value else { return }
        value.withUTF8 { add(key, utf8: $0) }
    }

    /// Adds text kept as valid UTF-8 bytes, written as `add(_:_:)` writes a `String`.
    mutating func add(_ key: StaticString, utf8 value: UnsafeBufferPointer<UInt8>?) {
        guard let value else { return }
        // Text with nothing to escape (most) is copied whole, with its key, in one append.
        if value.count <= 512, json ? VerbatimText.isJSON(value) : VerbatimText.isXMLAttribute(value) {
            let json = json
            appendMember(key, valueBound: value.count + 2) { out in
                if json { out.put(UInt8(ascii: "\"")) }
                out.put(value)
                if json { out.put(UInt8(ascii: "\"")) }
            }
            return
        }
        beginAttribute(key)
        if json {
            JSONString.appendQuoted(utf8: value, to: &bytes, escapingLineSeparators: true)
        } else {
            XMLText.append(utf8: value, to: &bytes, attribute: true)
        }
        endAttribute()
    }

    mutating func add(_ key: StaticString, _ value: Int?) {
        add(key, value.map(Int64.init))
    }

    mutating func add(_ key: StaticString, _ value: Int64?) {
        guard let value else { return }
        appendMember(key, valueBound: 20) { $0.put(decimal: value) }
    }

    mutating func add(_ key: StaticString, _ value: Bool?) {
        guard let value else { return }
        appendMember(key, valueBound: 5) { $0.put(value ? "true" : "false") }
    }

    mutating func add(_ key: StaticString, _ value: Double?) {
        guard let value else { return }
        var text = SubsonicValue.double(value).text
        text.withUTF8 { text in appendMember(key, valueBound: text.count) { $0.put(text) } }
    }

    mutating func add(_ key: StaticString, _ value: Date?) {
        guard let value else { return }
        // Its bytes straight into the answer: digits, '-', ':', '.', 'T' and 'Z' need no escape
        // in JSON or XML. JSON's closing quote and XML's are the same byte.
        beginAttribute(key, quoted: true)
        APIDate.append(value, to: &bytes)
        bytes.append(UInt8(ascii: "\""))
    }

    mutating func add(_ key: StaticString, _ value: SubsonicID?) {
        guard let value else { return }
        let json = json
        if value.kind == .library {
            appendMember(key, valueBound: 22) { out in
                if json { out.put(UInt8(ascii: "\"")) }
                out.put(decimal: value.value)
                if json { out.put(UInt8(ascii: "\"")) }
            }
            return
        }
        var kind = value.kind.rawValue
        kind.withUTF8 { kind in
            appendMember(key, valueBound: kind.count + 23) { out in
                if json { out.put(UInt8(ascii: "\"")) }
                out.put(kind)
                out.put(UInt8(ascii: "-"))
                out.put(decimal: value.value)
                if json { out.put(UInt8(ascii: "\"")) }
            }
        }
    }

    mutating func addList<Items: Collection>(_ name: String, _ items: Items, _ item: (Items.Element, inout RenderOutput) -> Void) {
        if json {
            memberKey(name, then: UInt8(ascii: "["))
        } else {
            beginChildren()
        }
        var first = true
        for element in items where !stopped {
            if json, !first { bytes.append(UInt8(ascii: ",")) }
            first = false
            writeObject(named: name) { item(element, &$0) }
            endItem()
        }
        if json { bytes.append(UInt8(ascii: "]")) }
    }

    mutating func addObject(_ name: String, _ body: (inout RenderOutput) -> Void) {
        if json { memberKey(name) } else { beginChildren() }
        writeObject(named: name, body)
    }
}
