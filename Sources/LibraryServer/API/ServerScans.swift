import Foundation
import KanoraAPI
import LibraryCore
import LibraryServices
import Synchronization

/// Scans a client may start: only of the server's own libraries, by name or by a folder
/// inside one. A client's path never names anything else to read: it is checked here as
/// text, and again by the scan once resolved (`mayAddLibrary: false`), so a symlink inside
/// a library cannot lead the scan out of it.
enum ServerScans {
    /// The scans a body asks for, each over a server library (or a folder inside one).
    static func requests(for body: ScanBody, library: any LibraryService) async throws -> [ScanRequest] {
        switch (body.library, body.path) {
        case (let name?, nil):
            return [ScanRequest(path: try await library.library(named: name).root, options: body.options, mayAddLibrary: false)]
        case (nil, let path?):
            guard path.bytes.first == UInt8(ascii: "/"), !path.text.split(separator: "/").contains(where: { $0 == ".." || $0 == "." }) else {
                throw LibraryError(.invalidInput, "A folder to scan on the server must be an absolute path without `.` or `..`: \(path.text)")
            }
            guard try await library.libraries().contains(where: { path.isInside($0.root) }) else {
                throw LibraryError(.notFound, "\(path.text) is inside none of the server's libraries: add it with `kanora scan` on the server.")
            }
            return [ScanRequest(path: path, options: body.options, mayAddLibrary: false)]
        case (nil, nil):
            let libraries = try await library.libraries()
            guard !libraries.isEmpty else { throw LibraryError(.notFound, "The server has no libraries: add one with `kanora scan FOLDER` on the server.") }
            return libraries.map { ScanRequest(path: $0.root, options: body.options, mayAddLibrary: false) }
        case (.some, .some):
            throw LibraryError(.invalidInput, "Scan a library by `library` name or a folder by `path`, not both.")
        }
    }

    /// The scans one after another as scan lines; cancelled (the client went away) when
    /// the stream is dropped, even while waiting for another scan's lock.
    ///
    /// - Throws: `conflict` (409) while another API scan runs: one at a time, named.
    static func run(
        _ requests: [ScanRequest], scanner: any ScanService, slot: ScanSlot, startedBy user: String
    ) throws(LibraryError) -> AsyncThrowingStream<ScanLine, any Error> {
        let what = requests.count == 1 ? requests[0].path.text : "\(requests.count) libraries"
        try slot.claim("a scan of \(what) started by \(user)")
        let (stream, continuation) = AsyncThrowingStream.makeStream(of: ScanLine.self)
        // A scan's writes are not a request's queries: no time limit, and at shutdown the
        // batch being written is committed rather than interrupted.
        let task = Task {
            defer { slot.release() }
            await StatementLimits.$current.withValue(nil) {
                do {
                    for request in requests {
                        for try await event in scanner.scan(request) {
                            slot.note(event)
                            continuation.yield(.event(event))
                        }
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

/// The one scan the API runs at a time: what it is, while it runs.
public final class ScanSlot: Sendable {
    private let running = Mutex<String?>(nil)
    private let status = Mutex<ScanStatus?>(nil)

    public init() {}

    /// Takes the slot for `description`.
    ///
    /// - Throws: `conflict`, naming the scan that runs.
    func claim(_ description: String) throws(LibraryError) {
        let current: String? = running.withLock { running in
            if let running { return running }
            running = description
            return nil
        }
        if let current {
            throw LibraryError(.conflict, "Another scan is running (\(current)): wait for it to finish, or follow it with `kanora events`.")
        }
    }

    func release() {
        running.withLock { $0 = nil }
        status.withLock { $0 = nil }
    }

    /// Keeps the library and counters of the scan that runs (the web app's libraries screen).
    func note(_ event: ScanEvent) {
        switch event {
        case .started(let library, _): status.withLock { $0 = ScanStatus(library: library.name, progress: ScanProgress()) }
        case .progress(let progress): status.withLock { $0?.progress = progress }
        default: break
        }
    }

    /// What runs now, if anything.
    public var current: String? { running.withLock { $0 } }

    /// The library being scanned and its counters so far, once the scan has started one.
    public var progress: ScanStatus? { status.withLock { $0 } }
}

/// The library a running scan is in and its counters.
public struct ScanStatus: Sendable, Equatable {
    public var library: String
    public var progress: ScanProgress
}
