import Foundation
import Hummingbird
import LibraryServices

/// Sends a `MediaFile` with byte ranges, validators and a streamed body.
///
/// The body is read from the file's open descriptor in chunks, off Swift's cooperative
/// threads, never whole into memory. Answers: 200 with the whole file (no Range, an
/// ignored one, or an If-Range that no longer matches), 206 with `Content-Range: bytes
/// A-B/SIZE`, or 416 with `Content-Range: bytes */SIZE`. Every answer carries
/// `Accept-Ranges: bytes`, the ETag and Last-Modified.
struct MediaResponder: Sendable {
    /// How many bytes are read and written at a time.
    let chunkLength: Int

    init(chunkLength: Int = 128 * 1024) {
        self.chunkLength = chunkLength
    }

    /// The response to `request` for `file`; a HEAD request gets the headers only.
    func response(for file: MediaFile, request: Request) -> Response {
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
        return Response(status: status, headers: headers, body: body(file, bytes))
    }

    /// `bytes` of `file`, read chunk by chunk from its descriptor. A file that got shorter
    /// since it was opened ends the response with an error rather than with other bytes.
    func body(_ file: MediaFile, _ bytes: ClosedRange<Int64>) -> ResponseBody {
        let chunkLength = self.chunkLength
        return ResponseBody(contentLength: Int(bytes.count)) { writer in
            var offset = bytes.lowerBound
            while offset <= bytes.upperBound {
                let wanted = Int(min(Int64(chunkLength), bytes.upperBound - offset + 1))
                let start = offset
                let chunk = try await OffCooperativePool.run {
                    try file.descriptor.read(at: start, count: wanted)
                }
                guard chunk.readableBytes > 0 else { throw FileReadError(code: 0) }
                try await writer.write(chunk)
                offset += Int64(chunk.readableBytes)
            }
            try await writer.finish(nil)
        }
    }
}
