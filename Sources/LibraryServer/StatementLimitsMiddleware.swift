import Hummingbird
import LibraryCore

/// Runs every request under the server's `StatementLimits`: each database call it makes,
/// in its handler or while its answer is streamed, is interrupted past the timeout or when
/// the server shuts down, and the request answers with the reason (400 "the query took
/// longer than ...", 503 "the server is shutting down"; a Subsonic error for `/rest/`).
///
/// Work a request starts that outlives it on purpose (a scan) runs without limits: see
/// `StatementLimits.$current.withValue(nil)` where it starts.
struct StatementLimitsMiddleware<Context: RequestContext>: RouterMiddleware {
    let limits: StatementLimits

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        try await StatementLimits.$current.withValue(limits) {
            var response = try await next(request, context)
            // A streamed body (no length known: a listing sent in slices, an event or scan
            // stream) is written after this returns, outside this task-local scope, and may
            // query as it goes; a body of known length is bytes already made (or a file).
            guard response.body.contentLength == nil else { return response }
            let body = response.body
            response.body = ResponseBody(contentLength: body.contentLength) { [limits] writer in
                try await StatementLimits.$current.withValue(limits) { try await body.write(writer) }
            }
            return response
        }
    }
}
