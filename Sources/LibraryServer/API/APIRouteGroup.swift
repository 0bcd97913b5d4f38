import Foundation
import Hummingbird
import KanoraAPI
import LibraryCore
import LibraryServices

/// Who is asking and what they may use: the server's services and the user's playlists.
public struct APICaller: Sendable {
    /// The user the API key belongs to.
    public let user: User
    /// The server's services.
    public let services: ServiceContainer

    /// The caller's own playlists.
    public var playlists: any PlaylistService { services.playlists(for: user.id) }
}

/// The `/api/v1/` routes: each request type is registered once, its method and path taken
/// from the type, the caller admitted by its declared access, its query and body decoded
/// and its answer encoded here, so a handler is a line over the services. Whatever a
/// handler throws is answered by `APIErrorMiddleware`, in the error envelope.
public struct APIRouteGroup {
    /// The group under `/api/v1`, behind `APIAuthentication`: add hand-written routes (a
    /// streamed feed, a server-hosted view model) here; `context.apiUser` is set in them.
    public let group: RouterGroup<ServerRequestContext>
    /// The group under `/api/v1` that needs no sign-in (the sign-in itself and its screen).
    public let open: RouterGroup<ServerRequestContext>
    let services: ServiceContainer
    /// How long a streamed answer may stay silent before an empty line keeps it alive (a
    /// scan waiting for another scan's lock must not hit the client's read timeout).
    let heartbeat: Duration

    /// Answers `R` with `handler`'s value as JSON.
    public func register<R: APIRequest>(
        _ type: R.Type, _ handler: @escaping @Sendable (R, APICaller) async throws -> R.Response
    ) {
        group.on(RouterPath(R.endpoint), method: HTTPRequest.Method(rawValue: R.method.rawValue)!) { [services] request, context in
            let (decoded, caller) = try await Self.decode(R.self, request, context: context, services: services)
            return try await APIResponse.json(try await handler(decoded, caller))
        }
    }

    /// Answers `R` with the JSON `handler` writes itself, handing each chunk to `emit` in
    /// order: the bytes encoding its `R.Response` would make, written without building that
    /// value and sent as they come (`WrittenBody`).
    public func registerWritten<R: APIRequest>(
        _ type: R.Type, _ handler: @escaping @Sendable (R, APICaller, _ emit: @escaping @Sendable ([UInt8]) -> Void) async throws -> Void
    ) {
        group.on(RouterPath(R.endpoint), method: HTTPRequest.Method(rawValue: R.method.rawValue)!) { [services] request, context in
            let (decoded, caller) = try await Self.decode(R.self, request, context: context, services: services)
            let body = try await WrittenBody.answer { emit in try await handler(decoded, caller, emit) }
            return Response(status: .ok, headers: [.contentType: API.jsonContentType], body: body)
        }
    }

    /// Answers `R` with the stream `handler` returns, one JSON line per element, flushed as
    /// each comes; an error before the first element is an error answer, a later one the
    /// last line (`failure(error)` makes it).
    public func registerStreaming<R: APIStreamingRequest>(
        _ type: R.Type, failure: @escaping @Sendable (LibraryError) -> R.Response,
        _ handler: @escaping @Sendable (R, APICaller) async throws -> AsyncThrowingStream<R.Response, any Error>
    ) {
        group.on(RouterPath(R.endpoint), method: HTTPRequest.Method(rawValue: R.method.rawValue)!) { [services, heartbeat] request, context in
            let (decoded, caller) = try await Self.decode(R.self, request, context: context, services: services)
            let stream = try await handler(decoded, caller)
            let body = ResponseBody { writer in
                // An empty line keeps a silent scan (waiting for another's lock) alive; a
                // client that goes away ends the stream, and the scan with it.
                try await HeartbeatFrames.write(to: &writer, every: heartbeat, heartbeat: ByteBuffer(string: "\n")) { output in
                    let encoder = API.encoder
                    do {
                        for try await element in stream { try output.yield(try Self.line(element, encoder: encoder)) }
                    } catch let stalled as StalledClient {
                        throw stalled
                    } catch {
                        try output.yield(try Self.line(failure(LibraryError(answering: error)), encoder: encoder))
                    }
                }
                try await writer.finish(nil)
            }
            return Response(status: .ok, headers: [.contentType: API.streamContentType], body: body)
        }
    }

    private static func line(_ value: some Encodable, encoder: JSONEncoder) throws -> ByteBuffer {
        var data = try encoder.encode(value)
        data.append(UInt8(ascii: "\n"))
        return ByteBuffer(bytes: data)
    }

    /// The caller, when `R`'s declared access admits them: the one place roles are enforced
    /// (every registered request, and the hand-written routes through their request type).
    /// A refusal is 403 naming the role needed, before anything is read or changed.
    static func authorize<R: APIRequest>(_ type: R.Type, context: ServerRequestContext) throws(LibraryError) -> User {
        guard let user = context.apiUser else { throw LibraryError(.unauthorized, "This request needs an API key.") }
        guard R.access.admits(isAdmin: user.isAdmin) else {
            throw LibraryError(.forbidden, R.access.refusal("`\(R.method.rawValue) \(R.path)`"))
        }
        return user
    }

    private static func decode<R: APIRequest>(
        _ type: R.Type, _ request: Request, context: ServerRequestContext, services: ServiceContainer
    ) async throws -> (R, APICaller) {
        let user = try authorize(R.self, context: context)
        let query = try R.decodeQuery(request.uri.queryParameters[Substring(API.queryParameter)].map(String.init))
        let body = try await Self.body(R.self, of: request)
        return (R(query: query, body: body), APICaller(user: user, services: services))
    }

    /// `R`'s body read from `request`, refused with 413 past `R.maximumBodySize` (by its
    /// declared length first, without reading it).
    static func body<R: APIRequest>(_ type: R.Type, of request: Request) async throws -> R.Body {
        if R.Body.self == APIEmpty.self { return try R.decodeBody(Data()) }
        let limit = R.maximumBodySize
        if let length = request.headers[.contentLength].flatMap({ Int($0) }), length > limit { throw APIError.bodyTooLarge(R.self) }
        let buffer: ByteBuffer
        do {
            buffer = try await request.body.collect(upTo: limit)
        } catch let error as HTTPError where error.status == .contentTooLarge {
            throw APIError.bodyTooLarge(R.self)
        }
        return try R.decodeBody(Data(buffer.readableBytesView))
    }
}
