import Foundation

/// An integer shown to a user, encoded as text grouped for the language (`"1.234"` in de).
public struct LocalizedNumber: Codable, Sendable, Equatable {
    /// The value, when built on the server.
    public let value: Int?
    /// The text, when decoded from a server's answer.
    public let text: String?

    public init(_ value: Int) { self.value = value; text = nil }

    public init(from decoder: any Decoder) throws {
        value = nil
        text = try decoder.singleValueContainer().decode(String.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let value {
            try container.encode(try encoder.localizer(for: "A number").number(value))
        } else {
            try container.encode(text ?? "")
        }
    }
}

/// A date shown to a user, encoded in the language's medium style (`"25.11.2026, 23:40"`).
public struct LocalizedDate: Codable, Sendable, Equatable {
    /// The date, when built on the server.
    public let date: Date?
    /// Whether the time of day is shown too.
    public let showsTime: Bool
    /// The text, when decoded from a server's answer.
    public let text: String?

    public init(_ date: Date, showsTime: Bool = false) { self.date = date; self.showsTime = showsTime; text = nil }

    public init(from decoder: any Decoder) throws {
        date = nil; showsTime = false
        text = try decoder.singleValueContainer().decode(String.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let date {
            try container.encode(try encoder.localizer(for: "A date").date(date, time: showsTime))
        } else {
            try container.encode(text ?? "")
        }
    }
}

/// A length of time shown to a user, encoded as a player shows it (`"3:45"`, `"1:02:03"`).
public struct LocalizedDuration: Codable, Sendable, Equatable {
    /// The length in seconds, when built on the server.
    public let seconds: Double?
    /// The text, when decoded from a server's answer.
    public let text: String?

    public init(seconds: Double) { self.seconds = seconds; text = nil }

    public init(from decoder: any Decoder) throws {
        seconds = nil
        text = try decoder.singleValueContainer().decode(String.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let seconds {
            try container.encode(try encoder.localizer(for: "A duration").duration(seconds: seconds))
        } else {
            try container.encode(text ?? "")
        }
    }
}
