/// What a `Range` request header asks of a file of a known size (RFC 9110 §14.2).
///
/// Only single byte ranges are honoured: a header with several ranges, another unit or a
/// malformed spec is ignored, and the whole file is sent with 200, which the RFC allows
/// (players ask for one range at a time; multipart/byteranges would buy them nothing).
/// Hummingbird's `FileMiddleware` parsing is not used: it reads `bytes=-500` as the first
/// 501 bytes rather than the last 500, and answers a start past the end with a bogus range.
enum ByteRange: Equatable, Sendable {
    /// No range, or one that is ignored: send the whole file with 200.
    case whole
    /// Send these bytes (offsets within the file, both ends included) with 206.
    case partial(ClosedRange<Int64>)
    /// The range starts at or past the end: 416 with `Content-Range: bytes */SIZE`.
    case unsatisfiable

    /// Parses `header` (the Range header's value, nil when absent) for a file of `size` bytes.
    static func parse(_ header: String?, size: Int64) -> ByteRange {
        guard let header else { return .whole }
        let trimmed = header.trimmingWhitespace
        guard trimmed.count > 6, trimmed.prefix(6).lowercased() == "bytes=" else { return .whole }
        let specs = trimmed.dropFirst(6).split(separator: ",", omittingEmptySubsequences: true)
            .map { $0.trimmingWhitespace }
            .filter { !$0.isEmpty }
        guard specs.count == 1, let spec = specs.first else { return .whole }
        return parse(spec: spec, size: size)
    }

    /// One `first-last`, `first-` or `-suffixLength` spec.
    static func parse(spec: Substring, size: Int64) -> ByteRange {
        guard let dash = spec.firstIndex(of: "-") else { return .whole }
        let firstText = spec[..<dash].trimmingWhitespace
        let lastText = spec[spec.index(after: dash)...].trimmingWhitespace
        if firstText.isEmpty {
            // The last N bytes.
            guard let length = number(lastText) else { return .whole }
            guard length > 0, size > 0 else { return .unsatisfiable }
            return .partial(max(0, size - length)...(size - 1))
        }
        guard let first = number(firstText) else { return .whole }
        if lastText.isEmpty {
            return first < size ? .partial(first...(size - 1)) : .unsatisfiable
        }
        guard let last = number(lastText), last >= first else { return .whole }
        return first < size ? .partial(first...min(last, size - 1)) : .unsatisfiable
    }

    /// Decimal digits only (no sign, no spaces); numbers too large for Int64 saturate,
    /// since any of them is past the end of any file.
    static func number(_ text: Substring) -> Int64? {
        guard !text.isEmpty, text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        return Int64(text) ?? Int64.max
    }
}

extension StringProtocol {
    /// Without leading and trailing spaces and tabs (HTTP's optional whitespace).
    fileprivate var trimmingWhitespace: Substring {
        let blank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let start = firstIndex(where: { !blank($0) }), let last = lastIndex(where: { !blank($0) }) else { return "" }
        return Substring(self[start...last])
    }
}
