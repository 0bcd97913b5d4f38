import Hummingbird
import LibraryServices
import ServiceLifecycle

/// Streams a `ChangeFeed` to one client as Server-Sent Events (`text/event-stream`), for
/// `GET /api/v1/events`.
///
/// Each change is one event: `id:` a sequence number counting from 1 for the connection,
/// `event:` its kind, `data:` its JSON (`LibraryEvent`'s wire shape). A comment opens the
/// stream at once and another is written every `heartbeat`, so proxies keep an idle stream
/// open and a client (and this server) notices a dead connection within one heartbeat. The
/// stream ends, unsubscribing from the feed, when a write fails because the client went away,
/// or when the server shuts down gracefully.
public enum EventStreamResponder {
    /// The response streaming `feed` (subscribed now, so nothing published after the handler
    /// returns is missed).
    /// `isVisible` drops the events this client may not see (another user's playlists).
    public static func response(
        feed: ChangeFeed, heartbeat: Duration = .seconds(15), isVisible: @escaping @Sendable (LibraryEvent) async -> Bool = { _ in true }
    ) -> Response {
        let events = feed.events()
        return Response(
            status: .ok,
            headers: [
                .contentType: "text/event-stream; charset=utf-8",
                .cacheControl: "no-cache",
                // nginx would otherwise buffer the stream.
                HTTPFields.Element.Name("X-Accel-Buffering")!: "no",
            ],
            body: ResponseBody { writer in
                try await stream(events, heartbeat: heartbeat, isVisible: isVisible, to: &writer)
            })
    }

    private static func stream(
        _ events: AsyncStream<LibraryEvent>, heartbeat: Duration, isVisible: @escaping @Sendable (LibraryEvent) async -> Bool,
        to writer: inout any ResponseBodyWriter
    ) async throws {
        try await writer.write(ByteBuffer(string: ServerSentEvent.comment("kanora events")))
        try await HeartbeatFrames.write(to: &writer, every: heartbeat, heartbeat: ByteBuffer(string: ServerSentEvent.comment("heartbeat"))) { output in
            var sequence = 0
            for await event in events where await isVisible(event) {
                sequence += 1
                try output.yield(ByteBuffer(string: event.serverSentEvent(id: String(sequence)).encoded))
            }
        }
        try await writer.finish(nil)
    }
}
