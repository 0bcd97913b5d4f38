import Foundation
import Hummingbird
import LibraryCore
import LibraryServices

/// `GET /api/v1/stream?id=TRACK&format=&maxBitRate=&timeOffset=&estimateContentLength=`:
/// a track's audio for Kanora's own clients (the web app's player), by API key or session,
/// with the same rules, cache and Range as Subsonic's `stream`. Any signed-in user may
/// stream; errors come in the API's JSON envelope (`APIErrorMiddleware`).
enum StreamRoute {
    /// The path under `/api/v1/`.
    static let endpoint = "stream"

    /// Adds the route to `group` (behind `APIAuthentication`).
    static func add(to group: RouterGroup<ServerRequestContext>, services: ServiceContainer, transcoder: Transcoder) {
        let handler: @Sendable (Request, ServerRequestContext) async throws -> Response = { request, context in
            guard context.apiUser != nil else {
                throw LibraryError(.unauthorized, "This request needs an API key or a signed-in session.")
            }
            return try await respond(request, context: context, services: services, transcoder: transcoder)
        }
        group.get(RouterPath(endpoint), use: handler)
        group.head(RouterPath(endpoint), use: handler)
    }

    private static func respond(
        _ request: Request, context: ServerRequestContext, services: ServiceContainer, transcoder: Transcoder
    ) async throws -> Response {
        let query = request.uri.queryParameters
        guard let idText = query["id"].map(String.init), let id = Int64(idText), id > 0 else {
            throw LibraryError(.invalidInput, "stream needs id=TRACK, a track's number (as in /api/v1/tracks), e.g. ?id=12.")
        }
        let ask = try parse(query)
        guard let track = try await services.library.track(id: id), !track.isMissing else {
            throw LibraryError(.notFound, "No track \(id) with a file to play.")
        }
        do throws(StreamAnswer.Failure) {
            return try await StreamAnswer.response(
                track: track, ask: ask, download: false, services: services, transcoder: transcoder, request: request,
                logger: context.logger)
        } catch {
            throw error.libraryError
        }
    }

    /// `format`, `maxBitRate`, `timeOffset` and `estimateContentLength` from the query.
    static func parse(_ query: Parameters) throws(LibraryError) -> StreamAsk {
        var ask = StreamAsk()
        ask.format = query["format"].map(String.init)
        if let text = query["maxBitRate"] {
            guard let rate = Int(text), rate >= 0 else {
                throw LibraryError(.invalidInput, "maxBitRate takes kbps from 0 (no limit) up, e.g. maxBitRate=128, not \(text.prefix(32)).")
            }
            ask.maxBitRate = rate
        }
        if let text = query["timeOffset"] {
            guard let seconds = Double(text), seconds.isFinite, seconds >= 0 else {
                throw LibraryError(.invalidInput, "timeOffset takes seconds from 0 up, e.g. timeOffset=30, not \(text.prefix(32)).")
            }
            ask.timeOffset = seconds
        }
        if let text = query["estimateContentLength"] {
            guard let flag = ["true": true, "1": true, "false": false, "0": false][text.lowercased()] else {
                throw LibraryError(.invalidInput, "estimateContentLength takes true or false, not \(text.prefix(32)).")
            }
            ask.estimateContentLength = flag
        }
        return ask
    }
}
