import Foundation
import LibraryServices

extension LibraryError {
    /// The service error a route answers for `error`, in either protocol (`/api/v1/`'s
    /// `APIError`, Subsonic's `SubsonicError.wrap`): a `LibraryError` as it is, a query or
    /// body that does not decode as the client's invalid input, any other error as the
    /// services name it (`LibraryError.wrap`: a broken rule or query is invalid input, an
    /// interrupted statement says why, anything else is the server's failure).
    init(answering error: any Error) {
        switch error {
        case let error as LibraryError:
            self = error
        case let error as DecodingError:
            self.init(.invalidInput, "The request does not read as this API's JSON: \(Self.describe(error))")
        default:
            self = LibraryError.wrap(error)
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
