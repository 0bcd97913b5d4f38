import Foundation
import Hummingbird
import Logging

/// Sends a `MediaFile` with byte ranges, validators and a streamed body.
///
/// The body is read by Hummingbird's FileIO in chunks, never whole into memory. Answers:
/// 200 with the whole file (no Range, an ignored one, or an If-Range that no longer
/// matches), 206 with `Content-Range: bytes A-B/SIZE`, or 416 with `Content-Range: bytes */SIZE`.
/// Every answer carries `Accept-Ranges: bytes`, the ETag and Last-Modified.
struct MediaResponder: Sendable {
    let fileIO: FileIO

    init(fileIO: FileIO = FileIO()) {
        self.fileIO = fileIO
    }

    /// The response to `request` for `file`; a HEAD request gets the headers only.
    func response(for file: MediaFile, request: Request, logger: Logger) async throws -> Response {
        var range = ByteRange.parse(request.headers[.range], size: file.size)
        if range != .whole, let ifRange = request.headers[.ifRange], !file.matches(ifRange: ifRange) {
            range = .whole
        }
        var headers = HTTPFields()
        headers[.acceptRanges] = "bytes"
        headers[.eTag] = file.etag
        headers[.lastModified] = HTTPDate.format(file.lastModifiedSeconds)
        headers[.contentType] = file.contentType
        if let name = file.downloadName { headers[.contentDisposition] = MediaFile.contentDisposition(name) }

        let status: HTTPResponse.Status
        let bytes: ClosedRange<Int64>?
        switch range {
        case .whole:
            status = .ok
            bytes = file.size > 0 ? 0...(file.size - 1) : nil
        case .partial(let partial):
            status = .partialContent
            bytes = partial
            headers[.contentRange] = "bytes \(partial.lowerBound)-\(partial.upperBound)/\(file.size)"
        case .unsatisfiable:
            headers[.contentRange] = "bytes */\(file.size)"
            return Response(status: .rangeNotSatisfiable, headers: headers, body: ResponseBody())
        }
        guard let bytes, request.method != .head else {
            headers[.contentLength] = String(bytes.map { $0.count } ?? 0)
            return Response(status: status, headers: headers, body: ResponseBody())
        }
        let body = try await fileIO.loadFile(
            path: file.path, range: Int(bytes.lowerBound)...Int(bytes.upperBound), context: FileContext(logger: logger))
        return Response(status: status, headers: headers, body: body)
    }
}

/// The request context FileIO asks for, which it uses for its logger only: handlers that
/// answer with a file (Subsonic's stream) are not given the router's context.
struct FileContext: RequestContext {
    struct Source: RequestContextSource {
        let logger: Logger
    }

    var coreContext: CoreRequestContextStorage

    init(source: Source) {
        coreContext = CoreRequestContextStorage(source: source)
    }

    init(logger: Logger) {
        self.init(source: Source(logger: logger))
    }
}
