#if canImport(Glibc)
import Glibc
#endif
import Foundation
import LibraryCore
import LibraryServices
import Synchronization
import TestSupport

/// A `ScanService` that counts the scans it forwards.
final class CountingScanService: ScanService {
    private let base: any ScanService
    private let scopes = Mutex<[RawPath]>([])

    init(_ base: any ScanService) { self.base = base }

    var count: Int { scopes.withLock { $0.count } }
    var folders: [RawPath] { scopes.withLock { $0 } }

    func scan(_ request: ScanRequest) -> AsyncThrowingStream<ScanEvent, any Error> {
        scopes.withLock { $0.append(request.path) }
        return base.scan(request)
    }
}

/// A library in a temporary folder, scanned once, and a watch over it whose events are recorded.
final class WatchHarness: Sendable {
    let folder: TemporaryDirectory
    let services: ServiceContainer
    let scanner: CountingScanService
    let watcher: LiveWatchService
    private let recorded = Mutex<(events: [WatchEvent], error: (any Error)?, ended: Bool)>(([], nil, false))
    private let session = Mutex<WatchSession?>(nil)

    /// The library's folder, with `files` (relative path -> title) scanned once.
    init(files: [String: String] = ["Artist/Album/01.mp3": "One"]) async throws {
        let folder = try TemporaryDirectory("watch")
        let services = try ServiceContainer.inMemory(reader: FakeTagReader())
        for (path, title) in files { try folder.write(path, FakeTagReader.file(FakeTagReader.track(title))) }
        if !files.isEmpty { _ = try await services.scanner.run(folder.url.path, name: "Music") }
        let scanner = CountingScanService(services.scanner)
        self.folder = folder
        self.services = services
        self.scanner = scanner
        watcher = LiveWatchService(library: services.library, scanner: scanner, feed: services.feed, stopGrace: .seconds(5))
    }

    func write(_ relative: String, title: String) throws {
        try folder.write(relative, FakeTagReader.file(FakeTagReader.track(title)))
    }

    /// Starts watching and records every event until the watch ends.
    func start(_ options: WatchOptions = WatchOptions(debounce: 0.2), libraries: [String] = []) {
        let session = watcher.watch(WatchRequest(libraries: libraries, options: options))
        self.session.withLock { $0 = session }
        Task {
            do {
                for try await event in session.events { self.recorded.withLock { $0.events.append(event) } }
            } catch {
                self.recorded.withLock { $0.error = error }
            }
            self.recorded.withLock { $0.ended = true }
        }
    }

    func stop() async {
        await session.withLock { $0 }?.stop()
    }

    var events: [WatchEvent] { recorded.withLock { $0.events } }
    var error: (any Error)? { recorded.withLock { $0.error } }
    var ended: Bool { recorded.withLock { $0.ended } }

    var syncs: [WatchSync] {
        events.compactMap { if case .synced(let sync) = $0 { sync } else { nil } }
    }

    var modes: [WatchMode] {
        events.compactMap { if case .watching(_, let mode) = $0 { mode } else { nil } }
    }

    func titles(includeMissing: Bool = false) async throws -> [String] {
        try await services.library.tracks(ListRequest(includeMissing: includeMissing)).map(\.title).sorted()
    }

    func missingTitles() async throws -> [String] {
        try await services.library.tracks(ListRequest(includeMissing: true)).filter { $0.missingSince != nil }.map(\.title).sorted()
    }

    /// The inodes of the library's folders (its root and every folder below).
    func folderInodes() -> Set<UInt64> {
        var folders = [folder.url.path]
        if let enumerator = FileManager.default.enumerator(atPath: folder.url.path) {
            for case let relative as String in enumerator where isFolder(folder.path(relative)) { folders.append(folder.path(relative)) }
        }
        return Set(folders.compactMap { path in
            var status = stat()
            return stat(path, &status) == 0 ? UInt64(status.st_ino) : nil
        })
    }

    private func isFolder(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    /// The inodes of the folders an inotify instance of this process watches now (from
    /// /proc/self/fdinfo): how a test tells that a stopped watch watches nothing any more.
    static func watchedInodes() -> Set<UInt64> {
        var inodes: Set<UInt64> = []
        let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        for descriptor in descriptors {
            // A descriptor may close (or be reused) meanwhile: then it is skipped or read as it is now.
            guard (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(descriptor)")) == "anon_inode:inotify",
                let info = try? String(contentsOfFile: "/proc/self/fdinfo/\(descriptor)", encoding: .utf8)
            else { continue }
            // One line per watch: "inotify wd:1 ino:6a1b sdev:800021 mask:...", the inode in hex.
            for line in info.split(separator: "\n") where line.hasPrefix("inotify ") {
                if let field = line.split(separator: " ").first(where: { $0.hasPrefix("ino:") }),
                    let inode = UInt64(field.dropFirst(4), radix: 16) {
                    inodes.insert(inode)
                }
            }
        }
        return inodes
    }

    func remove() async {
        await stop()
        folder.remove()
    }
}
