#if canImport(Glibc)
import Glibc
#endif
import Foundation
import LibraryCore
import Synchronization

/// Watches library folders on a dedicated thread: inotify where it can see changes, a timer
/// where it cannot. Changed folders are collected until nothing has changed for `debounce`
/// seconds, then reported together; periodic libraries report their root every `interval`.
final class FolderWatcher: Sendable {
    /// What the watcher tells its owner (from its thread).
    enum Signal: Sendable {
        /// Library number `index` is kept in sync this way.
        case mode(index: Int, WatchMode)
        /// These folders changed (or are due for a periodic rescan).
        case changed(Set<RawPath>)
    }

    struct Configuration: Sendable {
        var roots: [RawPath]
        var options: WatchOptions
        /// Names (by prefix) whose changes are not the library's, e.g. a database kept in the music folder.
        var ignoredNamePrefixes: [[UInt8]] = []
        /// How a library's file system is identified (replaced by tests).
        var fileSystem: @Sendable (RawPath) -> FileSystemKind? = { FileSystemKind.of($0) }
    }

    private let configuration: Configuration
    private let emit: @Sendable (Signal) -> Void
    private let wakeRead: Int32
    private let wakeWrite: Int32
    private let stopped = Atomic<Bool>(false)

    init(_ configuration: Configuration, emit: @escaping @Sendable (Signal) -> Void) {
        self.configuration = configuration
        self.emit = emit
        var ends: [Int32] = [-1, -1]
        if pipe(&ends) == 0 {
            for end in ends {
                _ = fcntl(end, F_SETFL, O_NONBLOCK)
                _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            }
        }
        (wakeRead, wakeWrite) = (ends[0], ends[1])
    }

    deinit {
        // Closed only here: a `stop()` after the thread ended must not write to a closed pipe.
        close(wakeRead)
        close(wakeWrite)
    }

    /// Starts the thread; `onExit` runs on it when it ends.
    func start(onExit: @escaping @Sendable () -> Void) {
        let thread = Thread { [self] in
            if !stopped.load(ordering: .acquiring) {
                var loop = WatchLoop(configuration: configuration, emit: emit)
                loop.run(wake: wakeRead)
            }
            onExit()
        }
        thread.name = "kanora-watch"
        thread.start()
    }

    /// Wakes the thread and makes it end. Safe to call more than once, before or after `start`.
    func stop() {
        guard !stopped.exchange(true, ordering: .acquiringAndReleasing) else { return }
        var byte: UInt8 = 1
        _ = write(wakeWrite, &byte, 1)
    }
}

/// The watcher thread's state: owned by that thread alone.
private struct WatchLoop {
    let configuration: Configuration
    let emit: @Sendable (FolderWatcher.Signal) -> Void
    typealias Configuration = FolderWatcher.Configuration

    private var inotify: Inotify?
    /// Watch descriptor -> the folder (as reached from its library root) and the library.
    private var watches: [Int32: (path: RawPath, library: Int)] = [:]
    private var periodic: [Int: Double] = [:]
    private var pending: Set<RawPath> = []
    private var lastChange: Double = 0

    init(configuration: Configuration, emit: @escaping @Sendable (FolderWatcher.Signal) -> Void) {
        self.configuration = configuration
        self.emit = emit
    }

    mutating func run(wake: Int32) {
        setUp()
        var descriptors = [pollfd(fd: wake, events: Int16(POLLIN), revents: 0)]
        if let inotify { descriptors.append(pollfd(fd: inotify.descriptor, events: Int16(POLLIN), revents: 0)) }
        while true {
            for index in descriptors.indices { descriptors[index].revents = 0 }
            let result = poll(&descriptors, nfds_t(descriptors.count), timeout())
            if result < 0 && errno != EINTR { return }
            if descriptors[0].revents != 0 { return }
            if descriptors.count > 1, descriptors[1].revents != 0, let events = inotify?.readEvents() {
                for event in events { handle(event) }
            }
            fireDue()
        }
    }

    private static func now() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }

    private var options: WatchOptions { configuration.options }

    // MARK: Modes

    private mutating func setUp() {
        var inotifyProblem: String?
        if !options.forcePeriodic {
            switch Inotify.open() {
            case .success(let instance): inotify = instance
            case .failure(let code): inotifyProblem = "inotify is unavailable (\(code))"
            }
        }
        for (index, root) in configuration.roots.enumerated() {
            if options.forcePeriodic {
                goPeriodic(index, reason: "periodic rescans were asked for")
            } else if let inotifyProblem {
                goPeriodic(index, reason: inotifyProblem)
            } else if let reason = configuration.fileSystem(root)?.remoteReason {
                goPeriodic(index, reason: "\(reason): changes made elsewhere are not notified")
            } else if let problem = watchTree(root, library: index) {
                goPeriodic(index, reason: problem)
            } else {
                emit(.mode(index: index, .notified(folders: watches.values.filter { $0.library == index }.count)))
            }
        }
    }

    private mutating func goPeriodic(_ index: Int, reason: String) {
        for (watch, entry) in watches where entry.library == index {
            inotify?.removeWatch(watch)
            watches.removeValue(forKey: watch)
        }
        periodic[index] = Self.now() + options.interval
        emit(.mode(index: index, .periodic(interval: options.interval, reason: reason)))
    }

    /// Watches `folder` and every folder below it; a reason to fall back to periodic rescans
    /// when the watch limit is reached.
    private mutating func watchTree(_ folder: RawPath, library: Int) -> String? {
        guard let inotify else { return nil }
        var stack = [folder]
        while let path = stack.popLast() {
            switch inotify.addWatch(path) {
            case .success(let watch):
                // The same directory reached twice (a symlink loop) keeps one watch: don't descend again.
                if watches[watch] != nil { continue }
                watches[watch] = (path, library)
                stack.append(contentsOf: subfolders(of: path, includeHidden: options.scan.includeHidden))
            case .failure(let code) where code.code == ENOSPC:
                let limit = (try? String(contentsOfFile: "/proc/sys/fs/inotify/max_user_watches", encoding: .utf8))?
                    .trimmingCharacters(in: .whitespacesAndNewlines) ?? "?"
                return "the inotify watch limit is reached (fs.inotify.max_user_watches = \(limit)); raise it with sysctl"
            case .failure:
                // Vanished or unreadable: the next sync reports it.
                continue
            }
        }
        return nil
    }

    private mutating func unwatchTree(_ folder: RawPath) {
        for (watch, entry) in watches where entry.path.isInside(folder) {
            inotify?.removeWatch(watch)
            watches.removeValue(forKey: watch)
        }
    }

    // MARK: Events

    private mutating func handle(_ event: Inotify.Event) {
        if event.has(IN_Q_OVERFLOW) {
            // Events were lost: every watched library needs a full look.
            for (index, root) in configuration.roots.enumerated() where periodic[index] == nil { changed(root) }
            return
        }
        guard let (path, library) = watches[event.watch] else { return }
        if event.has(IN_IGNORED) {
            watches.removeValue(forKey: event.watch)
            return
        }
        if event.has(IN_DELETE_SELF) || event.has(IN_MOVE_SELF) || event.has(IN_UNMOUNT) {
            changed(path == configuration.roots[library] ? path : path.parent)
            return
        }
        guard !event.name.isEmpty else {
            changed(path)
            return
        }
        if isIgnored(event.name) { return }
        let child = path.appending(event.name)
        if event.has(IN_ISDIR) {
            if event.has(IN_MOVED_FROM) || event.has(IN_DELETE) { unwatchTree(child) }
            if event.has(IN_CREATE) || event.has(IN_MOVED_TO), let problem = watchTree(child, library: library) {
                goPeriodic(library, reason: problem)
            }
        }
        changed(path)
    }

    private func isIgnored(_ name: [UInt8]) -> Bool {
        if configuration.ignoredNamePrefixes.contains(where: { name.starts(with: $0) }) { return true }
        // Hidden files are not scanned, except the ignore file that changes what is.
        return !options.scan.includeHidden && name.first == UInt8(ascii: ".") && name != Array(".kanoraignore".utf8)
    }

    private mutating func changed(_ folder: RawPath) {
        pending.insert(folder)
        lastChange = Self.now()
    }

    // MARK: Timing

    /// Milliseconds poll() may sleep: until the quiet period ends or a periodic rescan is due.
    private func timeout() -> Int32 {
        var deadlines = Array(periodic.values)
        if !pending.isEmpty { deadlines.append(lastChange + options.debounce) }
        guard let next = deadlines.min() else { return -1 }
        let milliseconds = ((next - Self.now()) * 1000).rounded(.up)
        return Int32(max(0, min(milliseconds, Double(Int32.max))))
    }

    private mutating func fireDue() {
        let now = Self.now()
        if !pending.isEmpty && now >= lastChange + options.debounce {
            emit(.changed(pending))
            pending.removeAll()
        }
        var due: Set<RawPath> = []
        for (index, next) in periodic where now >= next {
            due.insert(configuration.roots[index])
            periodic[index] = now + options.interval
        }
        if !due.isEmpty { emit(.changed(due)) }
    }
}
