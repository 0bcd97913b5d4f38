import Foundation
import Hummingbird
import KanoraAPI

/// Builds `/api/v1/` answers of JSON values (errors are `APIError`'s).
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
}
