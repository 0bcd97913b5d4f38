/// Numbers in queries: integers or decimals (`bpm:120.5`); rendering reads back exactly.
enum QueryNumber {
    static func parse(_ text: String) -> Double? {
        // Digits, sign, point and exponent only: no "inf", "nan" or hexadecimal.
        guard text.allSatisfy({ "0123456789.-+eE".contains($0) }), text.first != "e", text.first != "E",
              let value = Double(text), value.isFinite else {
            return nil
        }
        return value
    }

    static func render(_ value: Double) -> String {
        if let integer = Int64(exactly: value) { return String(integer) }
        return String(value)
    }

    static func databaseValue(_ value: Double) -> DatabaseValue {
        if let integer = Int64(exactly: value) { return .integer(integer) }
        return .real(value)
    }
}
