import Foundation
import KanoraAPI
import LibraryCore
import LibraryServices

/// Scans a client may start: only of the server's own libraries, by name or by a folder
/// inside one. A client's path never names anything else to read.
enum ServerScans {
    /// The scans a body asks for, each over a server library (or a folder inside one).
    static func requests(for body: ScanBody, library: any LibraryService) async throws -> [ScanRequest] {
        switch (body.library, body.path) {
        case (let name?, nil):
            return [ScanRequest(path: try await library.library(named: name).root, options: body.options)]
        case (nil, let path?):
            guard path.bytes.first == UInt8(ascii: "/"), !path.text.split(separator: "/").contains(where: { $0 == ".." || $0 == "." }) else {
                throw LibraryError(.invalidInput, "A folder to scan on the server must be an absolute path without `.` or `..`: \(path.text)")
            }
            guard try await library.libraries().contains(where: { path.isInside($0.root) }) else {
                throw LibraryError(.notFound, "\(path.text) is inside none of the server's libraries: add it with `kanora scan` on the server.")
            }
            return [ScanRequest(path: path, options: body.options)]
        case (nil, nil):
            let libraries = try await library.libraries()
            guard !libraries.isEmpty else { throw LibraryError(.notFound, "The server has no libraries: add one with `kanora scan FOLDER` on the server.") }
            return libraries.map { ScanRequest(path: $0.root, options: body.options) }
        case (.some, .some):
            throw LibraryError(.invalidInput, "Scan a library by `library` name or a folder by `path`, not both.")
        }
    }

    /// The scans one after another as scan lines; cancelled (the client went away) when
    /// the stream is dropped.
    static func run(_ requests: [ScanRequest], scanner: any ScanService) -> AsyncThrowingStream<ScanLine, any Error> {
        let (stream, continuation) = AsyncThrowingStream.makeStream(of: ScanLine.self)
        // A scan's writes are not a request's queries: no time limit, and at shutdown the
        // batch being written is committed rather than interrupted.
        let task = Task {
            await StatementLimits.$current.withValue(nil) {
                do {
                    for request in requests {
                        for try await event in scanner.scan(request) { continuation.yield(.event(event)) }
                    }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
        }
        continuation.onTermination = { _ in task.cancel() }
        return stream
    }
}
