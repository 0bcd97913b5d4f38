import Foundation
import Hummingbird
import KanoraAPI
import LibraryCore
import LibraryServices

/// Builds `/api/v1/` answers: JSON values, and errors in the envelope with their status.
enum APIResponse {
    /// A JSON answer with status 200; a listing is sent slice by slice as it is encoded.
    static func json(_ value: some Encodable & Sendable) async throws -> Response {
        if let array = value as? any ParallelJSONArray {
            let body = ResponseBody { writer in
                try await array.encodeInSlices { try await writer.write(ByteBuffer(bytes: $0)) }
                try await writer.finish(nil)
            }
            return Response(status: .ok, headers: [.contentType: API.jsonContentType], body: body)
        }
        let data = try API.encoder.encode(value)
        return Response(status: .ok, headers: [.contentType: API.jsonContentType], body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
    }

    /// `{"error": {"kind", "message"}}` with the status that fits the kind, the message in
    /// the browser's language (`RequestLanguage.browser`), else English. `status` overrides
    /// the kind's own (413 for a body too large, say).
    static func error(_ error: LibraryError, status: HTTPResponse.Status? = nil) -> Response {
        guard let language = RequestLanguage.browser, language != Localization.fallbackLanguage else {
            return envelope(APIErrorEnvelope(error), code: error.code, status: status)
        }
        let message = ErrorLocalization.message(error, localizer: Localization.shipped.localizer(for: language))
        return envelope(APIErrorEnvelope(kind: error.code.rawValue, message: message), code: error.code, status: status)
    }

    /// The error answer with its message in the language of `request` (the signed-in
    /// `user`'s setting, else the browser's `Accept-Language`): see `ErrorLocalization`.
    static func error(_ error: LibraryError, status: HTTPResponse.Status? = nil, for request: Request, user: User?) -> Response {
        let localizer = Localization.shipped.localizer(for: RequestLanguage.of(request, user: user))
        let message = ErrorLocalization.message(error, localizer: localizer)
        return envelope(APIErrorEnvelope(kind: error.code.rawValue, message: message), code: error.code, status: status)
    }

    /// A view model's failure, its message resolved in the language of `request`.
    static func error(_ failure: ViewModelFailure, for request: Request, user: User?) -> Response {
        let localizer = Localization.shipped.localizer(for: RequestLanguage.of(request, user: user))
        let envelope = APIErrorEnvelope(kind: failure.code.rawValue, message: failure.message.resolved(by: localizer))
        return Self.envelope(envelope, code: failure.code, status: nil)
    }

    private static func envelope(_ envelope: APIErrorEnvelope, code: LibraryError.Code, status: HTTPResponse.Status?) -> Response {
        let data = (try? API.encoder.encode(envelope)) ?? Data()
        return Response(
            status: status ?? HTTPResponse.Status(code: code.httpStatus), headers: [.contentType: API.jsonContentType],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
    }

    /// The `LibraryError` for anything a handler throws: a query or body that does not
    /// decode is the client's invalid input; other errors keep their services' kind.
    static func libraryError(for error: any Error) -> LibraryError {
        switch error {
        case let error as DecodingError:
            return LibraryError(.invalidInput, "The request does not read as this API's JSON: \(describe(error))")
        default:
            return LibraryError.wrap(error)
        }
    }

    private static func describe(_ error: DecodingError) -> String {
        switch error {
        case .dataCorrupted(let context), .keyNotFound(_, let context), .typeMismatch(_, let context), .valueNotFound(_, let context):
            let path = context.codingPath.map(\.stringValue).joined(separator: ".")
            return path.isEmpty ? context.debugDescription : "\(path): \(context.debugDescription)"
        @unknown default:
            return "\(error)"
        }
    }
}
