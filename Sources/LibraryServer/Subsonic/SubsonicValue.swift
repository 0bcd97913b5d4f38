import Foundation
import KanoraAPI

/// A typed scalar in a Subsonic response: XML writes it as text, JSON keeps its type.
public enum SubsonicValue: Sendable, Equatable {
    case string(String)
    case int(Int64)
    case double(Double)
    case bool(Bool)
    /// Written as ISO 8601 in UTC with milliseconds ("2026-11-24T13:47:33.000Z"), the format
    /// of Kanora's own API too (`APIDate`).
    case date(Date)

    /// The value as XML and JSON strings show it.
    var text: String {
        switch self {
        case .string(let text): text
        case .int(let number): String(number)
        case .double(let number): number.isFinite ? String(number) : "0"
        case .bool(let flag): flag ? "true" : "false"
        case .date(let date): APIDate.string(from: date)
        }
    }
}

/// A Swift value that can stand in a Subsonic response: `String`, the integers, `Double`,
/// `Bool`, `Date` and `SubsonicID`.
public protocol SubsonicValueConvertible: Sendable {
    var subsonicValue: SubsonicValue { get }
}

extension SubsonicValue: SubsonicValueConvertible {
    public var subsonicValue: SubsonicValue { self }
}

extension String: SubsonicValueConvertible {
    public var subsonicValue: SubsonicValue { .string(self) }
}

extension Substring: SubsonicValueConvertible {
    public var subsonicValue: SubsonicValue { .string(String(self)) }
}

extension Int: SubsonicValueConvertible {
    public var subsonicValue: SubsonicValue { .int(Int64(self)) }
}

extension Int64: SubsonicValueConvertible {
    public var subsonicValue: SubsonicValue { .int(self) }
}

extension Int32: SubsonicValueConvertible {
    public var subsonicValue: SubsonicValue { .int(Int64(self)) }
}

extension Double: SubsonicValueConvertible {
    public var subsonicValue: SubsonicValue { .double(self) }
}

extension Bool: SubsonicValueConvertible {
    public var subsonicValue: SubsonicValue { .bool(self) }
}

extension Date: SubsonicValueConvertible {
    public var subsonicValue: SubsonicValue { .date(self) }
}

extension SubsonicID: SubsonicValueConvertible {
    public var subsonicValue: SubsonicValue { .string(description) }
}
