import Foundation
import LibraryCore
import LibraryStorage
import Synchronization

/// `ScanService` over SQLite and a `TagReader`. Each scan runs on its own thread (it blocks
/// on file I/O and SQLite) and publishes progress to the change feed as well as its stream.
///
/// A scan commits in many batches, but publishes what they changed once, as it ends
/// (finished, failed or cancelled), before its stream ends: subscribers (the web app, a
/// remote client's feed) reload once per scan, not once per batch, and `librariesChanged`
/// (the scan stamps its library as it starts) tells that the scan let go of the database.
public struct LiveScanService: ScanService {
    let database: DatabaseQueue
    let reader: any TagReader
    let feed: ChangeFeed
    let now: @Sendable () -> Date
    let files: ScanFiles

    package init(
        database: DatabaseQueue, reader: any TagReader, feed: ChangeFeed, files: ScanFiles = ScanFiles(),
        now: @escaping @Sendable () -> Date = Date.init
    ) {
        self.database = database
        self.reader = reader
        self.feed = feed
        self.files = files
        self.now = now
        feed.follow(database)
    }

    public func scan(_ request: ScanRequest) -> AsyncThrowingStream<ScanEvent, any Error> {
        let (stream, continuation) = AsyncThrowingStream.makeStream(of: ScanEvent.self, throwing: (any Error).self)
        let flag = CancellationFlag()
        continuation.onTermination = { termination in
            if case .cancelled = termination { flag.cancel() }
        }
        let (database, reader, feed, now, files) = (self.database, self.reader, self.feed, self.now, self.files)
        let thread = Thread {
            let lock: ScanLock
            do {
                lock = try ScanLock(url: files.lock, waiting: {
                    continuation.yield(.waiting("Another scan of this database is running: waiting for it to finish."))
                }, isCancelled: { flag.isCancelled })
            } catch {
                continuation.finish(throwing: error)
                return
            }
            defer { withExtendedLifetime(lock) {} }
            let changes = ChangeCollector()
            let engine = ScanEngine(
                database: database, changes: changes, reader: reader, journal: ScanJournal(url: files.journal), now: now,
                emit: { event in
                    continuation.yield(event)
                    if case .progress(let progress) = event { feed.publish(.scanProgress(progress)) }
                },
                isCancelled: { flag.isCancelled })
            let outcome = Result { try engine.run(request) }
            // Before the stream ends: whoever waited for the scan finds its changes published.
            feed.publish(changes.take())
            switch outcome {
            case .success(let summary):
                continuation.yield(.finished(summary))
                continuation.finish()
            case .failure(let error):
                continuation.finish(throwing: error is CancellationError ? error : LibraryError.wrap(error))
            }
        }
        thread.stackSize = 4 << 20
        thread.start()
        return stream
    }
}

/// The files a scan keeps beside a database file: the crash journal and the scan lock.
public struct ScanFiles: Sendable, Equatable {
    /// Where the scan notes the files it is reading (nil: no crash journal).
    public var journal: URL?
    /// The file locked while a scan runs (nil: no cross-process lock).
    public var lock: URL?

    public init(journal: URL? = nil, lock: URL? = nil) {
        self.journal = journal
        self.lock = lock
    }

    /// The journal and lock beside the database file at `databaseURL`.
    public static func beside(_ databaseURL: URL) -> ScanFiles {
        ScanFiles(
            journal: URL(fileURLWithPath: databaseURL.path + "-scan-journal"),
            lock: URL(fileURLWithPath: databaseURL.path + "-scan-lock"))
    }
}

/// A thread-safe "stop" flag set when the stream's consumer goes away.
final class CancellationFlag: Sendable {
    private let value = Atomic<Bool>(false)
    func cancel() { value.store(true, ordering: .relaxed) }
    var isCancelled: Bool { value.load(ordering: .relaxed) }
}
