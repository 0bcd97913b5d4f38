import Foundation
import LibraryCore

/// Keeps libraries in sync continuously: watches their folders and re-syncs the ones that
/// change, or rescans periodically where changes cannot be seen.
public protocol WatchService: Sendable {
    /// Starts watching the libraries `request` names (all when none). The session's events
    /// say how each library is watched, then report every sync; they throw a `LibraryError`
    /// when a library is unknown or there are none. `WatchSession.stop()` (or dropping the
    /// events) stops watching; a running sync stops after the batch being written.
    func watch(_ request: WatchRequest) -> WatchSession
}

/// What to watch and how.
public struct WatchRequest: Sendable, Equatable {
    /// Library names (matched ignoring case); empty: every library.
    public var libraries: [String]
    public var options: WatchOptions

    public init(libraries: [String] = [], options: WatchOptions = WatchOptions()) {
        self.libraries = libraries
        self.options = options
    }
}

/// Timing of a watch.
public struct WatchOptions: Sendable, Equatable {
    /// Seconds without changes before the changed folders are synced.
    public var debounce: Double
    /// Seconds between rescans of a library watched periodically.
    public var interval: Double
    /// Rescan every library periodically instead of watching for changes.
    public var forcePeriodic: Bool
    /// How the syncs scan.
    public var scan: ScanOptions

    public init(debounce: Double = 2, interval: Double = 300, forcePeriodic: Bool = false, scan: ScanOptions = ScanOptions()) {
        self.debounce = max(0, debounce)
        self.interval = max(0.05, interval)
        self.forcePeriodic = forcePeriodic
        self.scan = scan
    }
}

/// How a library is kept in sync.
public enum WatchMode: Sendable, Equatable {
    /// Change notifications (inotify) on this many folders.
    case notified(folders: Int)
    /// A full rescan every `interval` seconds, and why notifications are not used.
    case periodic(interval: Double, reason: String)
}

/// One step of a watch.
public enum WatchEvent: Sendable, Equatable {
    /// A library is now kept in sync this way (sent again if the mode changes).
    case watching(Library, WatchMode)
    /// A sync of `folder` (the library root or a folder inside it) began.
    case syncStarted(Library, folder: RawPath)
    /// A file or folder a sync could not read.
    case failure(Library, ScanFailure)
    /// A sync completed.
    case synced(WatchSync)
    /// A sync could not run or stopped with an error (e.g. the drive was unmounted).
    case syncFailed(Library, folder: RawPath, message: String)
}

/// What one sync did.
public struct WatchSync: Sendable, Equatable {
    public var library: Library
    /// The folder that was synced.
    public var folder: RawPath
    public var summary: ScanSummary
    /// When the sync finished.
    public var date: Date

    public init(library: Library, folder: RawPath, summary: ScanSummary, date: Date) {
        self.library = library; self.folder = folder; self.summary = summary; self.date = date
    }

    /// The synced folder relative to the library root ("" for the root itself).
    public var relativeFolder: String {
        let root = library.root.bytes.last == UInt8(ascii: "/") ? library.root.bytes : library.root.bytes + [UInt8(ascii: "/")]
        guard folder.bytes.starts(with: root) else { return "" }
        return RawPath.text(of: Array(folder.bytes.dropFirst(root.count)))
    }
}

/// A running watch: its events, and a way to stop it cleanly.
public struct WatchSession: Sendable {
    /// Modes, syncs and failures until the watch stops.
    public let events: AsyncThrowingStream<WatchEvent, any Error>
    private let stopAction: @Sendable () async -> Void

    public init(events: AsyncThrowingStream<WatchEvent, any Error>, stop: @escaping @Sendable () async -> Void) {
        self.events = events
        self.stopAction = stop
    }

    /// Stops watching and returns once a running sync has stopped (after the batch it was
    /// writing is committed), so the process can exit without losing work. Safe to call twice.
    public func stop() async { await stopAction() }
}
