import Foundation
import LibraryCore
import Synchronization

/// `WatchService` over a `LibraryService` (to find the libraries) and a `ScanService` (to
/// sync the folders that change). Each watch runs a `FolderWatcher` thread and one task that
/// syncs its reports, one scan at a time.
public struct LiveWatchService: WatchService {
    let library: any LibraryService
    let scanner: any ScanService
    let feed: ChangeFeed
    let now: @Sendable () -> Date
    let ignoredNamePrefixes: [String]
    /// How long `stop()` waits for a cancelled scan to commit its batch.
    let stopGrace: Duration

    /// - Parameter ignoredNamePrefixes: file names whose changes never cause a sync, e.g. the
    ///   database's own files, so a database kept inside a music folder does not re-trigger itself.
    public init(
        library: any LibraryService, scanner: any ScanService, feed: ChangeFeed, ignoredNamePrefixes: [String] = [],
        stopGrace: Duration = .seconds(30), now: @escaping @Sendable () -> Date = Date.init
    ) {
        self.library = library
        self.scanner = scanner
        self.feed = feed
        self.ignoredNamePrefixes = ignoredNamePrefixes
        self.stopGrace = stopGrace
        self.now = now
    }

    public func watch(_ request: WatchRequest) -> WatchSession {
        let (events, continuation) = AsyncThrowingStream.makeStream(of: WatchEvent.self, throwing: (any Error).self)
        let run = WatchRun(service: self, request: request, events: continuation)
        continuation.onTermination = { _ in run.requestStop() }
        run.start()
        return WatchSession(events: events, stop: { await run.stop() })
    }
}

/// One running watch: its sync task, its watcher thread, and who waits for it to end.
private final class WatchRun: Sendable {
    private struct Locked {
        var task: Task<Void, Never>?
        var watcher: FolderWatcher?
        var stopping = false
        var finished = false
        var waiters: [CheckedContinuation<Void, Never>] = []
    }

    private let service: LiveWatchService
    private let request: WatchRequest
    private let events: AsyncThrowingStream<WatchEvent, any Error>.Continuation
    private let locked = Mutex(Locked())

    init(service: LiveWatchService, request: WatchRequest, events: AsyncThrowingStream<WatchEvent, any Error>.Continuation) {
        self.service = service
        self.request = request
        self.events = events
    }

    func start() {
        let task = Task { await self.main() }
        let stopping = locked.withLock { locked in
            locked.task = task
            return locked.stopping
        }
        if stopping { task.cancel() }
    }

    /// Stops the watcher thread and cancels the sync task (which drops a running scan).
    func requestStop() {
        let (task, watcher) = locked.withLock { locked in
            locked.stopping = true
            return (locked.task, locked.watcher)
        }
        watcher?.stop()
        task?.cancel()
    }

    /// Requests a stop and waits until the sync task has wound down.
    func stop() async {
        requestStop()
        await withCheckedContinuation { (waiter: CheckedContinuation<Void, Never>) in
            let finished = locked.withLock { locked in
                if !locked.finished { locked.waiters.append(waiter) }
                return locked.finished
            }
            if finished { waiter.resume() }
        }
    }

    private func main() async {
        defer { finish() }
        let libraries: [Library]
        do {
            libraries = try await resolveLibraries()
        } catch {
            events.finish(throwing: LibraryError.wrap(error))
            return
        }
        let (signals, signalInput) = AsyncStream.makeStream(of: FolderWatcher.Signal.self)
        let configuration = FolderWatcher.Configuration(
            roots: libraries.map(\.root), options: request.options,
            ignoredNamePrefixes: service.ignoredNamePrefixes.map { Array($0.utf8) })
        let watcher = FolderWatcher(configuration) { signalInput.yield($0) }
        let stopping = locked.withLock { locked in
            locked.watcher = watcher
            return locked.stopping
        }
        if stopping { return }
        watcher.start { signalInput.finish() }
        defer { watcher.stop() }
        for await signal in signals {
            if Task.isCancelled { break }
            switch signal {
            case .mode(let index, let mode):
                events.yield(.watching(libraries[index], mode))
            case .changed(let folders):
                for (root, folder) in SyncScope.coalesce(folders, roots: libraries.map(\.root)) {
                    if Task.isCancelled { break }
                    guard let library = libraries.first(where: { $0.root == root }) else { continue }
                    await sync(folder, of: library)
                }
            }
        }
    }

    private func finish() {
        events.finish()
        let waiters = locked.withLock { locked in
            locked.finished = true
            defer { locked.waiters.removeAll() }
            return locked.waiters
        }
        waiters.forEach { $0.resume() }
    }

    private func resolveLibraries() async throws -> [Library] {
        if request.libraries.isEmpty {
            let all = try await service.library.libraries()
            if all.isEmpty {
                throw LibraryError(.notFound, "There are no libraries to watch: add one with `kanora scan FOLDER`.")
            }
            return all
        }
        var result: [Library] = []
        for name in request.libraries {
            let library = try await service.library.library(named: name)
            if !result.contains(where: { $0.id == library.id }) { result.append(library) }
        }
        return result
    }

    /// Syncs one folder of a library; if the watch is stopped meanwhile, the scan is dropped and
    /// this waits (a bounded time) for it to commit the batch it was writing.
    private func sync(_ changed: RawPath, of library: Library) async {
        let folder = SyncScope.existingFolder(changed, root: library.root)
        events.yield(.syncStarted(library, folder: folder))
        // Subscribed before the scan starts: the live scanner publishes what it committed as it
        // ends, even when cancelled (at least `librariesChanged`: it stamps the library first),
        // which tells when its thread let go of the database.
        let feedEvents = service.feed.events()
        var completed = false
        do {
            for try await event in service.scanner.scan(ScanRequest(path: folder, options: request.options.scan)) {
                switch event {
                case .failure(let failure):
                    events.yield(.failure(library, failure))
                case .finished(let summary):
                    completed = true
                    events.yield(.synced(WatchSync(library: summary.library, folder: folder, summary: summary, date: service.now())))
                default:
                    break
                }
            }
        } catch {
            completed = true
            if !(error is CancellationError) {
                events.yield(.syncFailed(library, folder: folder, message: LibraryError.wrap(error).message))
            }
        }
        if !completed && Task.isCancelled {
            await Self.waitForScanEnd(feedEvents, grace: service.stopGrace)
        }
    }

    /// Waits outside the cancelled task (its streams would end at once) for the scan's end event.
    private static func waitForScanEnd(_ feedEvents: AsyncStream<LibraryEvent>, grace: Duration) async {
        await Task {
            await withTaskGroup(of: Void.self) { group in
                group.addTask {
                    for await event in feedEvents {
                        switch event {
                        case .librariesChanged, .tracksChanged: return
                        case .playlistsChanged, .scanProgress: continue
                        }
                    }
                }
                group.addTask { try? await Task.sleep(for: grace) }
                await group.next()
                group.cancelAll()
            }
        }.value
    }
}
