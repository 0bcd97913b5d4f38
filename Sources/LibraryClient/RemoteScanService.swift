import Foundation
import KanoraAPI
import LibraryCore
import LibraryServices

/// `ScanService` over a Kanora server's API: syncs a folder of one of the server's
/// libraries (a path on the server, usually a library's root), streaming its events.
/// A remote scan cannot add a library: the server refuses a folder outside its libraries.
public struct RemoteScanService: ScanService {
    let client: APIClient

    public init(client: APIClient) { self.client = client }

    public func scan(_ request: ScanRequest) -> AsyncThrowingStream<ScanEvent, any Error> {
        scan(ScanBody(path: request.path, options: request.options))
    }

    /// Syncs what `body` names (a library by name, a folder, or every library in turn).
    public func scan(_ body: ScanBody) -> AsyncThrowingStream<ScanEvent, any Error> {
        let lines = client.stream(ScanLibrariesRequest(body)) { line in
            if case .error(let detail) = line { APIErrorEnvelope(kind: detail.kind, message: detail.message).libraryError } else { nil }
        }
        let (stream, continuation) = AsyncThrowingStream.makeStream(of: ScanEvent.self)
        let task = Task {
            do {
                for try await line in lines {
                    if case .event(let event) = line { continuation.yield(event) }
                }
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
        }
        continuation.onTermination = { _ in task.cancel() }
        return stream
    }
}

/// `WatchService` for a remote container: the server keeps its own libraries in sync
/// (`kanora serve` watches them), so watching from a client is refused with one line
/// (`.unimplemented`: `kanora events` then only follows the server's feed).
public struct RemoteWatchService: WatchService {
    public init() {}

    public func watch(_ request: WatchRequest) -> WatchSession {
        WatchSession(events: AsyncThrowingStream { $0.finish(throwing: Self.refusal) }, stop: {})
    }

    /// Why a client cannot watch.
    public static let refusal = LibraryError(
        .unimplemented, "`kanora watch` runs where the music is: `kanora serve` already keeps the server's libraries in sync. Drop --server (or use `kanora events --server` to follow changes).")
}
