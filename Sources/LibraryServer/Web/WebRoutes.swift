import Hummingbird

/// Serves the web app at `/`: the page (revalidated on every load, by ETag) and its assets
/// under `/assets/FINGERPRINT/NAME` (cached for a year: a new build has a new fingerprint).
/// Every answer carries a strict Content-Security-Policy (no inline script or style, no
/// framing), `nosniff` and no referrer.
enum WebRoutes {
    static let contentSecurityPolicy = [
        "default-src 'self'", "script-src 'self'", "style-src 'self'", "img-src 'self' data:",
        "media-src 'self'", "connect-src 'self'", "font-src 'self'", "object-src 'none'",
        "frame-ancestors 'none'", "base-uri 'none'", "form-action 'self'",
    ].joined(separator: "; ")

    static func register(on router: Router<SubsonicRequestContext>, assets: WebAssets = .shared) {
        for method in [HTTPRequest.Method.get, .head] {
            router.on("/", method: method) { request, _ in
                respond(assets.page, request: request, cacheControl: "no-cache")
            }
            router.on("/assets/:fingerprint/:name", method: method) { request, context in
                guard context.parameters.get("fingerprint") == assets.fingerprint,
                      let name = context.parameters.get("name"), let asset = assets.assets[name]
                else {
                    return Response(status: .notFound, headers: securityHeaders(contentType: "text/plain; charset=utf-8"),
                                    body: ResponseBody(byteBuffer: ByteBuffer(string: "No such file: reload the page.\n")))
                }
                return respond(asset, request: request, cacheControl: "public, max-age=31536000, immutable")
            }
        }
    }

    /// 200 with the bytes, or 304 when the client's copy (`If-None-Match`) is current.
    static func respond(_ asset: WebAssets.Asset, request: Request, cacheControl: String) -> Response {
        var headers = securityHeaders(contentType: asset.contentType)
        headers[.eTag] = asset.etag
        headers[.cacheControl] = cacheControl
        if let tags = request.headers[.ifNoneMatch], tags.split(separator: ",").contains(where: { $0.trimmingCharacters(in: .whitespaces) == asset.etag }) {
            return Response(status: .notModified, headers: headers)
        }
        headers[.contentLength] = String(asset.bytes.count)
        let body = request.method == .head ? ResponseBody() : ResponseBody(byteBuffer: ByteBuffer(bytes: asset.bytes))
        return Response(status: .ok, headers: headers, body: body)
    }

    static func securityHeaders(contentType: String) -> HTTPFields {
        var headers = HTTPFields()
        headers[.contentType] = contentType
        headers[.contentSecurityPolicy] = contentSecurityPolicy
        headers[.xContentTypeOptions] = "nosniff"
        headers[HTTPFields.Element.Name("Referrer-Policy")!] = "no-referrer"
        headers[HTTPFields.Element.Name("X-Frame-Options")!] = "DENY"
        return headers
    }
}
