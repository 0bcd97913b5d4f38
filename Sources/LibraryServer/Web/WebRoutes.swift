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

    static func register(on router: Router<ServerRequestContext>, assets: WebAssets = .shared) {
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

    /// 200 with the bytes (gzipped when the client accepts it and they shrink), or 304
    /// when the client's copy (`If-None-Match`) is current.
    static func respond(_ asset: WebAssets.Asset, request: Request, cacheControl: String) -> Response {
        var headers = securityHeaders(contentType: asset.contentType)
        headers[.cacheControl] = cacheControl
        var bytes = asset.bytes
        var etag = asset.etag
        if let gzipped = asset.gzipped {
            headers[.vary] = "Accept-Encoding"
            if acceptsGzip(request.headers) {
                (bytes, etag) = (gzipped, asset.gzipETag)
                headers[.contentEncoding] = "gzip"
            }
        }
        headers[.eTag] = etag
        if let tags = request.headers[.ifNoneMatch], tags.split(separator: ",").contains(where: { $0.trimmingCharacters(in: .whitespaces) == etag }) {
            headers[.contentEncoding] = nil
            return Response(status: .notModified, headers: headers)
        }
        headers[.contentLength] = String(bytes.count)
        let body = request.method == .head ? ResponseBody() : ResponseBody(byteBuffer: ByteBuffer(bytes: bytes))
        return Response(status: .ok, headers: headers, body: body)
    }

    /// Whether `Accept-Encoding` names gzip without refusing it (`gzip;q=0`).
    static func acceptsGzip(_ headers: HTTPFields) -> Bool {
        for value in headers[values: .acceptEncoding] {
            for item in value.split(separator: ",") {
                let parts = item.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
                guard parts.first == "gzip" || parts.first == "*" else { continue }
                return !parts.dropFirst().contains { $0 == "q=0" || $0 == "q=0.0" || $0 == "q=0.00" || $0 == "q=0.000" }
            }
        }
        return false
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
