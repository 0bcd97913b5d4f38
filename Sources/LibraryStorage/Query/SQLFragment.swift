import LibraryCore

/// A piece of SQL with its arguments; user text only ever travels in `arguments`.
package struct SQLFragment: Sendable, Equatable {
    /// SQL text with a `?` for each argument.
    package var sql: String
    /// The values for the `?` placeholders, in order.
    package var arguments: [DatabaseValue]

    package init(_ sql: String, _ arguments: [DatabaseValue] = []) {
        self.sql = sql
        self.arguments = arguments
    }

    /// The fragments joined by `separator` (e.g. " AND "), each in parentheses when there
    /// is more than one; `empty` when there are none.
    static func joined(_ fragments: [SQLFragment], separator: String, empty: String) -> SQLFragment {
        switch fragments.count {
        case 0: return SQLFragment(empty)
        case 1: return fragments[0]
        default:
            return SQLFragment(
                fragments.map { "(\($0.sql))" }.joined(separator: separator),
                fragments.flatMap(\.arguments))
        }
    }
}
