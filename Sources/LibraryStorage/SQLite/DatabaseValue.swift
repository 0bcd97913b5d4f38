import Foundation
import LibraryCore

/// One SQLite value: the five storage classes.
package enum DatabaseValue: Sendable, Equatable, Hashable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob([UInt8])
}

/// A Swift type that can be bound to a statement parameter and read back from a column.
package protocol DatabaseValueConvertible: Sendable {
    /// The value to bind.
    var databaseValue: DatabaseValue { get }
    /// Reads the value back, or nil when the stored value does not fit the type.
    static func fromDatabaseValue(_ value: DatabaseValue) -> Self?
}

extension DatabaseValue: DatabaseValueConvertible {
    package var databaseValue: DatabaseValue { self }
    package static func fromDatabaseValue(_ value: DatabaseValue) -> DatabaseValue? { value }
}

extension Int64: DatabaseValueConvertible {
    package var databaseValue: DatabaseValue { .integer(self) }
    package static func fromDatabaseValue(_ value: DatabaseValue) -> Int64? {
        switch value {
        case .integer(let v): return v
        case .real(let v): return Int64(exactly: v.rounded(.towardZero))
        default: return nil
        }
    }
}

extension Int: DatabaseValueConvertible {
    package var databaseValue: DatabaseValue { .integer(Int64(self)) }
    package static func fromDatabaseValue(_ value: DatabaseValue) -> Int? {
        Int64.fromDatabaseValue(value).map(Int.init)
    }
}

extension Double: DatabaseValueConvertible {
    package var databaseValue: DatabaseValue { .real(self) }
    package static func fromDatabaseValue(_ value: DatabaseValue) -> Double? {
        switch value {
        case .integer(let v): return Double(v)
        case .real(let v): return v
        default: return nil
        }
    }
}

extension Bool: DatabaseValueConvertible {
    package var databaseValue: DatabaseValue { .integer(self ? 1 : 0) }
    package static func fromDatabaseValue(_ value: DatabaseValue) -> Bool? {
        Int64.fromDatabaseValue(value).map { $0 != 0 }
    }
}

extension String: DatabaseValueConvertible {
    package var databaseValue: DatabaseValue { .text(self) }
    package static func fromDatabaseValue(_ value: DatabaseValue) -> String? {
        switch value {
        case .text(let v): return v
        case .integer(let v): return String(v)
        case .real(let v): return String(v)
        case .blob(let bytes): return String(decoding: bytes, as: UTF8.self)
        case .null: return nil
        }
    }
}

extension Array: DatabaseValueConvertible where Element == UInt8 {
    package var databaseValue: DatabaseValue { .blob(self) }
    package static func fromDatabaseValue(_ value: DatabaseValue) -> [UInt8]? {
        switch value {
        case .blob(let v): return v
        case .text(let v): return Array(v.utf8)
        default: return nil
        }
    }
}

extension Optional: DatabaseValueConvertible where Wrapped: DatabaseValueConvertible {
    package var databaseValue: DatabaseValue { self?.databaseValue ?? .null }
    package static func fromDatabaseValue(_ value: DatabaseValue) -> Wrapped?? {
        if case .null = value { return .some(nil) }
        return Wrapped.fromDatabaseValue(value).map { .some($0) }
    }
}
