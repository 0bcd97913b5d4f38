import Foundation
import Hummingbird
import KanoraAPI
import LibraryServices

/// A `LibraryError` thrown from a hand-written `/api/v1/` handler, answered like every other
/// API error: the HTTP status its kind fits and `{"error": {"kind", "message"}}`.
public struct APIErrorResponse: Error, HTTPResponseError {
    public let error: LibraryError

    public init(_ error: LibraryError) {
        self.error = error
    }

    /// The status that fits the error's kind.
    public var status: HTTPResponse.Status { HTTPResponse.Status(code: error.code.httpStatus) }

    public func response(from request: Request, context: some RequestContext) throws -> Response {
        APIResponse.error(error, for: request, user: (context as? ServerRequestContext)?.apiUser)
    }
}
