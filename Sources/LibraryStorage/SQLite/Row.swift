import LibraryCore

/// One result row, read eagerly so it can outlive the statement step.
package struct Row: Sendable, Equatable {
    /// Column names in select order.
    package let columns: [String]
    /// Values in select order.
    package let values: [DatabaseValue]

    package init(columns: [String], values: [DatabaseValue]) {
        self.columns = columns
        self.values = values
    }

    /// The value at `index`, converted; nil when NULL or of another type.
    package subscript<T: DatabaseValueConvertible>(_ index: Int) -> T? {
        T.fromDatabaseValue(values[index])
    }

    /// The value of the column named `name`, converted; nil when absent, NULL or of another type.
    package subscript<T: DatabaseValueConvertible>(_ name: String) -> T? {
        guard let index = columns.firstIndex(of: name) else { return nil }
        return T.fromDatabaseValue(values[index])
    }

    /// The raw value of the column named `name` (`.null` when there is no such column).
    package func value(named name: String) -> DatabaseValue {
        guard let index = columns.firstIndex(of: name) else { return .null }
        return values[index]
    }
}
