import LibraryServices

/// `GET events`: the server's change feed as Server-Sent Events (`text/event-stream`), one
/// `LibraryEvent` per event (`data:` its JSON), a heartbeat comment every 15 s, until the
/// client goes. A client sends `Last-Event-ID` when reconnecting; the server's ids count per
/// connection, so a reconnecting client reloads everything (`RemoteFeedBridge` does).
public struct EventsRequest: APIStreamingRequest {
    public typealias Response = LibraryEvent
    public static let method = APIMethod.get, endpoint = "events"
    public static let access = APIAccess.user
    public let query: APIEmpty, body: APIEmpty
    public init(query: APIEmpty, body: APIEmpty) { self.query = query; self.body = body }
}
