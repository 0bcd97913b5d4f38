import Hummingbird

/// Keeps the browser's language (the best `Accept-Language` match among the shipped
/// languages) for the request's task, so an error answered before anyone is signed in (a
/// failed or throttled sign-in, a missing key) is in that language too.
struct RequestLanguageMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard let header = request.headers[.acceptLanguage] else { return try await next(request, context) }
        let language = RequestLanguage.choose(setting: nil, acceptLanguage: header, shipped: Localization.shipped.languages)
        return try await RequestLanguage.$browser.withValue(language) { try await next(request, context) }
    }
}
