/// Durations in queries: `m:ss`, `h:mm:ss` or whole seconds, at one-second precision.
package enum QueryDuration {
    package static func parse(_ text: String) -> Int? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard (1...3).contains(parts.count) else { return nil }
        var seconds = 0
        for (offset, part) in parts.enumerated() {
            guard !part.isEmpty, part.count <= 9, part.allSatisfy({ $0.isASCII && $0.isNumber }), let value = Int(part) else {
                return nil
            }
            if offset > 0 && (value >= 60 || part.count != 2) { return nil }
            seconds = seconds * 60 + value
        }
        return seconds
    }

    package static func render(_ seconds: Int) -> String {
        let remainder = seconds % 60
        return "\(seconds / 60):" + (remainder < 10 ? "0" : "") + String(remainder)
    }
}
