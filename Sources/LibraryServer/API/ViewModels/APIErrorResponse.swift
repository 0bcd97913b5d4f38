import Foundation
import Hummingbird
import LibraryServices

/// A `LibraryError` answered as Kanora's API answers errors: the HTTP status its kind fits and
/// `{"error": {"kind": "notFound", "message": "..."}}`.
public struct APIErrorResponse: Error, HTTPResponseError {
    public let error: LibraryError

    public init(_ error: LibraryError) {
        self.error = error
    }

    /// The status for each kind of error.
    public var status: HTTPResponse.Status {
        switch error.code {
        case .invalidInput: .badRequest
        case .notFound: .notFound
        case .conflict: .conflict
        case .forbidden: .forbidden
        case .fileSystem: .unprocessableContent
        case .database: .internalServerError
        case .unimplemented: .notImplemented
        }
    }

    private struct Body: Encodable {
        let error: LibraryError
    }

    public func response(from request: Request, context: some RequestContext) throws -> Response {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return Response(
            status: status, headers: [.contentType: "application/json; charset=utf-8"],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: try encoder.encode(Body(error: error)))))
    }
}
