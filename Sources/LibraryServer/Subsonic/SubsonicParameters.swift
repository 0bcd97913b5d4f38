/// A request's parameters: the query string and an `application/x-www-form-urlencoded`
/// body merged, in order, repeated keys kept (`id=1&id=2`), `+` read as a space and
/// percent escapes decoded.
public struct SubsonicParameters: Sendable, Equatable {
    /// At most this many pairs are read; more is refused with HTTP 400 (see `SubsonicDispatcher.parameters`).
    public static let maximumCount = 10_000

    /// Every name and value, in the order sent.
    public private(set) var pairs: [(name: String, value: String)]

    public init(_ pairs: [(name: String, value: String)] = []) {
        self.pairs = pairs
    }

    /// Parses `a=1&b=2&a=3` (a query string or a form body).
    public init(encoded text: some StringProtocol) {
        pairs = []
        append(encoded: text)
    }

    /// Appends the pairs of another encoded string (a POST body after the query).
    public mutating func append(encoded text: some StringProtocol) {
        for part in text.utf8.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true) {
            let equals = part.firstIndex(of: UInt8(ascii: "="))
            let name = Self.decode(equals.map { part[..<$0] } ?? part[...])
            let value = equals.map { Self.decode(part[part.index(after: $0)...]) } ?? ""
            if !name.isEmpty { pairs.append((name, value)) }
        }
    }

    public static func == (lhs: SubsonicParameters, rhs: SubsonicParameters) -> Bool {
        lhs.pairs.elementsEqual(rhs.pairs) { $0.name == $1.name && $0.value == $1.value }
    }

    /// Percent-decodes one name or value; a malformed escape (`%zz`) is kept as written and
    /// invalid UTF-8 becomes U+FFFD, so no input can fail here.
    static func decode(_ encoded: some Collection<UInt8>) -> String {
        let bytes = Array(encoded)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "+") {
                out.append(UInt8(ascii: " "))
            } else if byte == UInt8(ascii: "%"), index + 2 < bytes.count,
                      let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2]) {
                out.append(high << 4 | low)
                index += 2
            } else {
                out.append(byte)
            }
            index += 1
        }
        return String(decoding: out, as: UTF8.self)
    }

    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
