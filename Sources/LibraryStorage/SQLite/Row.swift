import LibraryCore

/// One result row, read eagerly so it can outlive the statement step.
package struct Row: Sendable, Equatable {
    /// The names of the columns and where each is, shared by every row of a statement.
    let columnIndex: ColumnIndex
    /// Values in select order.
    package let values: [DatabaseValue]

    package init(columns: [String], values: [DatabaseValue]) {
        self.init(columnIndex: ColumnIndex(columns), values: values)
    }

    init(columnIndex: ColumnIndex, values: [DatabaseValue]) {
        self.columnIndex = columnIndex
        self.values = values
    }

    /// Column names in select order.
    package var columns: [String] { columnIndex.names }

    /// The value at `index`, converted; nil when NULL or of another type.
    package subscript<T: DatabaseValueConvertible>(_ index: Int) -> T? {
        T.fromDatabaseValue(values[index])
    }

    /// The value of the column named `name`, converted; nil when absent, NULL or of another type.
    package subscript<T: DatabaseValueConvertible>(_ name: String) -> T? {
        guard let index = columnIndex.index(of: name) else { return nil }
        return T.fromDatabaseValue(values[index])
    }

    /// The raw value of the column named `name` (`.null` when there is no such column).
    package func value(named name: String) -> DatabaseValue {
        guard let index = columnIndex.index(of: name) else { return .null }
        return values[index]
    }

    package static func == (lhs: Row, rhs: Row) -> Bool {
        lhs.columns == rhs.columns && lhs.values == rhs.values
    }
}

/// A statement's result column names, and where each name is: worked out once per
/// statement, so reading a column by name costs one hash lookup, not a search of the names.
final class ColumnIndex: Sendable {
    /// Column names in select order.
    let names: [String]
    /// The position of each name (the first, when a name repeats).
    private let positions: [String: Int]

    init(_ names: [String]) {
        self.names = names
        var positions: [String: Int] = [:]
        for (position, name) in names.enumerated() where positions[name] == nil {
            positions[name] = position
        }
        self.positions = positions
    }

    /// Where the column `name` is; nil when the result has no such column.
    func index(of name: String) -> Int? {
        positions[name]
    }
}
