/// Numbers in queries: integers or decimals (`bpm:120.5`); rendering reads back exactly.
package enum QueryNumber {
    package static func parse(_ text: String) -> Double? {
        // Digits, sign, point and exponent only: no "inf", "nan" or hexadecimal.
        guard text.allSatisfy({ "0123456789.-+eE".contains($0) }), text.first != "e", text.first != "E",
              let value = Double(text), value.isFinite else {
            return nil
        }
        return value
    }

    package static func render(_ value: Double) -> String {
        if let integer = Int64(exactly: value) { return String(integer) }
        return String(value)
    }
}
