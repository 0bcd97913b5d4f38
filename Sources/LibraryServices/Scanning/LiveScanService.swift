import Foundation
import LibraryCore
import Synchronization

/// `ScanService` over SQLite and a `TagReader`. Each scan runs on its own thread (it blocks
/// on file I/O and SQLite) and publishes progress to the change feed as well as its stream.
public struct LiveScanService: ScanService {
    let database: DatabaseQueue
    let reader: any TagReader
    let feed: ChangeFeed
    let now: @Sendable () -> Date

    public init(database: DatabaseQueue, reader: any TagReader, feed: ChangeFeed, now: @escaping @Sendable () -> Date = Date.init) {
        self.database = database
        self.reader = reader
        self.feed = feed
        self.now = now
    }

    public func scan(_ request: ScanRequest) -> AsyncThrowingStream<ScanEvent, any Error> {
        let (stream, continuation) = AsyncThrowingStream.makeStream(of: ScanEvent.self, throwing: (any Error).self)
        let flag = CancellationFlag()
        continuation.onTermination = { termination in
            if case .cancelled = termination { flag.cancel() }
        }
        let (database, reader, feed, now) = (self.database, self.reader, self.feed, self.now)
        let thread = Thread {
            let engine = ScanEngine(
                database: database, reader: reader, now: now,
                emit: { event in
                    continuation.yield(event)
                    if case .progress(let progress) = event { feed.publish(.scanProgress(progress)) }
                },
                isCancelled: { flag.isCancelled })
            do {
                let summary = try engine.run(request)
                feed.publish(.tracksChanged(libraryID: summary.library.id))
                feed.publish(.librariesChanged)
                continuation.yield(.finished(summary))
                continuation.finish()
            } catch {
                feed.publish(.tracksChanged(libraryID: nil))
                continuation.finish(throwing: error is CancellationError ? error : LibraryError.wrap(error))
            }
        }
        thread.stackSize = 4 << 20
        thread.start()
        return stream
    }
}

/// A thread-safe "stop" flag set when the stream's consumer goes away.
final class CancellationFlag: Sendable {
    private let value = Atomic<Bool>(false)
    func cancel() { value.store(true, ordering: .relaxed) }
    var isCancelled: Bool { value.load(ordering: .relaxed) }
}
