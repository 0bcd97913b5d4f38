/// Reads a `text/event-stream` as it arrives: bytes in, complete `ServerSentEvent`s out.
///
/// Follows the HTML standard's parsing rules: lines end with LF, CRLF or CR (also when the CR
/// and the LF arrive in separate chunks), a line starting with ":" is a comment, `data:` lines
/// accumulate (joined with newlines), a blank line dispatches the event, an event without
/// data is dropped, the `id` persists until changed, and a leading byte order mark is skipped.
public struct SSEParser: Sendable {
    private var line: [UInt8] = []
    private var afterCR = false
    private var atStart = true
    private var data: String?
    private var event = ""
    /// The last `id:` seen (sent back as `Last-Event-ID` when reconnecting).
    public private(set) var lastEventID: String?
    /// The reconnection delay the server asked for with `retry:`, in milliseconds.
    public private(set) var retryMilliseconds: Int?

    public init() {}

    /// Feeds the next chunk of the stream, returning the events it completed.
    public mutating func feed(_ bytes: some Sequence<UInt8>) -> [ServerSentEvent] {
        var events: [ServerSentEvent] = []
        for byte in bytes {
            if afterCR {
                afterCR = false
                if byte == 0x0A { continue }
            }
            switch byte {
            case 0x0A:
                endLine(into: &events)
            case 0x0D:
                afterCR = true
                endLine(into: &events)
            default:
                line.append(byte)
            }
        }
        return events
    }

    private mutating func endLine(into events: inout [ServerSentEvent]) {
        var bytes = line[...]
        line.removeAll(keepingCapacity: true)
        if atStart {
            atStart = false
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        }
        if bytes.isEmpty {
            dispatch(into: &events)
            return
        }
        if bytes.first == UInt8(ascii: ":") { return }
        let field: String
        var value = ""
        if let colon = bytes.firstIndex(of: UInt8(ascii: ":")) {
            field = String(decoding: bytes[..<colon], as: UTF8.self)
            var rest = bytes[(colon + 1)...]
            if rest.first == UInt8(ascii: " ") { rest = rest.dropFirst() }
            value = String(decoding: rest, as: UTF8.self)
        } else {
            field = String(decoding: bytes, as: UTF8.self)
        }
        switch field {
        case "data": data = (data.map { $0 + "\n" } ?? "") + value
        case "event": event = value
        case "id" where !value.contains("\0"): lastEventID = value
        case "retry": if let milliseconds = Int(value), value.allSatisfy(\.isASCII) { retryMilliseconds = milliseconds }
        default: break
        }
    }

    private mutating func dispatch(into events: inout [ServerSentEvent]) {
        defer { data = nil; event = "" }
        guard let data else { return }
        events.append(ServerSentEvent(id: lastEventID, event: event.isEmpty ? "message" : event, data: data))
    }
}
