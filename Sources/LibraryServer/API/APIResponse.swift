import Foundation
import Hummingbird
import KanoraAPI
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

    /// `{"error": {"kind", "message"}}` with the status that fits the kind.
    /// `status` overrides the kind's own (413 for a body too large, say).
    static func error(_ error: LibraryError, status: HTTPResponse.Status? = nil) -> Response {
        let data = (try? API.encoder.encode(APIErrorEnvelope(error))) ?? Data()
        return Response(
            status: status ?? HTTPResponse.Status(code: error.code.httpStatus), headers: [.contentType: API.jsonContentType],
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
