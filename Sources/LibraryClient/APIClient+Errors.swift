import AsyncHTTPClient
import Foundation
import LibraryServices
import NIOCore
import NIOPosix

extension APIClient {
    /// One clear line for a transport failure; a `LibraryError` passes unchanged.
    func libraryError(for error: any Error) -> LibraryError {
        switch error {
        case let error as LibraryError:
            return error
        case let error as HTTPClientError where error == .connectTimeout:
            return LibraryError(.unavailable, "Cannot reach the Kanora server at \(address): no answer to the connection within 5 seconds. Is the address right, and the server up?")
        case let error as HTTPClientError where error == .readTimeout || error == .deadlineExceeded:
            return LibraryError(.unavailable, "The Kanora server at \(address) stopped answering (timed out): try again, or check the server.")
        case let error as HTTPClientError where error == .remoteConnectionClosed:
            return LibraryError(.unavailable, "The Kanora server at \(address) closed the connection mid-answer: try again, or check the server.")
        case is CancellationError:
            return LibraryError(.unavailable, "The request to the Kanora server at \(address) was cancelled.")
        case let error as DecodingError:
            return LibraryError(.unavailable, "The server at \(address) sent an answer this kanora cannot read (\(error)): use the same Kanora version on both.")
        default:
            if Self.isConnectionRefused(error) {
                return LibraryError(.unavailable, "Cannot reach the Kanora server at \(address): connection refused. Is `kanora serve` running there?")
            }
            return LibraryError(.unavailable, "Cannot reach the Kanora server at \(address): \(error). Check the --server address.")
        }
    }

    /// Whether `error` (or one it wraps) is a refused TCP connection.
    static func isConnectionRefused(_ error: any Error) -> Bool {
        if let io = error as? IOError { return io.errnoCode == ECONNREFUSED }
        if let connection = error as? NIOConnectionError {
            return connection.connectionErrors.contains { isConnectionRefused($0.error) }
                || connection.dnsAAAAError.map(isConnectionRefused) == true
        }
        return String(describing: error).contains("connection refused") || String(describing: error).contains("ECONNREFUSED")
    }
}
