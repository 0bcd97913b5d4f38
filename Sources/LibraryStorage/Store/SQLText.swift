/// Text compared in Swift as SQLite compares it in SQL, for answers computed in Swift that
/// a query once gave: SQLite's `lower` (without ICU) lowers ASCII letters only, and its
/// BINARY collation (what `min`, `max` and `ORDER BY` use) orders text byte by byte.
enum SQLText {
    /// The UTF-8 bytes of `value` with ASCII letters lowered, as `lower(value)` gives them.
    static func lowered(_ value: String) -> [UInt8] {
        value.utf8.map { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") ? $0 | 0x20 : $0 }
    }

    /// Whether `a` sorts before `b` in SQLite's BINARY collation.
    static func precedes(_ a: String, _ b: String) -> Bool {
        a.utf8.lexicographicallyPrecedes(b.utf8)
    }
}
