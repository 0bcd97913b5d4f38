import Foundation

/// One Server-Sent Event (the `text/event-stream` format of the HTML standard): what the
/// server's `/api/v1/events` writes and `SSEParser` reads back.
public struct ServerSentEvent: Sendable, Equatable {
    /// The `id:` field: the last event id the stream set (a client sends it back as
    /// `Last-Event-ID` when it reconnects).
    public var id: String?
    /// The `event:` field ("message" when the stream gave none).
    public var event: String
    /// The `data:` lines, joined with newlines.
    public var data: String

    public init(id: String? = nil, event: String = "message", data: String) {
        self.id = id
        self.event = event
        self.data = data
    }

    /// The event as it goes on the wire: `id:`, `event:`, one `data:` line per line of data,
    /// then a blank line that ends the event.
    public var encoded: String {
        var text = ""
        if let id { text += "id: \(id)\n" }
        if event != "message" { text += "event: \(event)\n" }
        for line in data.split(separator: "\n", omittingEmptySubsequences: false) { text += "data: \(line)\n" }
        return text + "\n"
    }

    /// A comment line: clients ignore it, but writing it shows whether the connection is still
    /// open, and proxies see traffic on an idle stream.
    public static func comment(_ text: String) -> String {
        ": \(text)\n\n"
    }
}

extension LibraryEvent {
    /// This event as a Server-Sent Event: `event:` is its kind, `data:` its JSON (one line).
    public func serverSentEvent(id: String?) -> ServerSentEvent {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Encoding a LibraryEvent cannot fail: every value in it is a string, number or null.
        let data = (try? encoder.encode(self)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
        return ServerSentEvent(id: id, event: kind.rawValue, data: data)
    }

    /// The event a Server-Sent Event carries; nil for one this version does not know (a newer
    /// server's), which a client skips.
    public init?(_ message: ServerSentEvent) {
        guard let event = try? JSONDecoder().decode(LibraryEvent.self, from: Data(message.data.utf8)) else { return nil }
        self = event
    }
}
