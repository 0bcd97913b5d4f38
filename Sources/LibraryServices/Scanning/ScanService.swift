import Foundation
import LibraryCore

/// Synchronises library folders with the database.
public protocol ScanService: Sendable {
    /// Adds `request.path` as a library if it is new (or finds the library containing it),
    /// then synchronises it. The stream reports progress and ends with `.finished`, or
    /// throws a `LibraryError` (e.g. the folder does not exist). Cancelling the consuming
    /// task stops the scan after the batch being written is committed.
    func scan(_ request: ScanRequest) -> AsyncThrowingStream<ScanEvent, any Error>
}

/// What to scan and how.
public struct ScanRequest: Sendable, Equatable, Codable {
    /// The folder to scan (absolute or relative to the current directory).
    public var path: RawPath
    /// The name for a new library (default: the folder's name).
    public var name: String?
    public var options: ScanOptions
    /// Whether a folder inside no library becomes a new library (the CLI); a scan started
    /// over the network only syncs existing libraries. Checked on the resolved folder
    /// (symlinks followed), so a link inside a library cannot lead a scan out of it.
    public var mayAddLibrary: Bool

    public init(path: RawPath, name: String? = nil, options: ScanOptions = ScanOptions(), mayAddLibrary: Bool = true) {
        self.path = path
        self.name = name
        self.options = options
        self.mayAddLibrary = mayAddLibrary
    }
}

/// How a scan treats files.
public struct ScanOptions: Sendable, Equatable, Codable {
    /// Re-read every file, even those whose size and times did not change.
    public var full: Bool
    /// Also scan hidden files and folders (names starting with ".").
    public var includeHidden: Bool
    /// How many files to read before committing them in one transaction. 512 by default:
    /// every commit rewrites the pages each batch touches (the ends of the tables and
    /// indexes, the search index's structure) and adds a search-index segment to merge, so
    /// larger batches write less; 512 made a cold 100,000-track scan 8% faster than 256 for
    /// about 2 MB more at its peak (notes/scan-at-the-limit.md).
    public var batchSize: Int
    /// Sweep an empty library folder anyway (normally refused: it looks like an unmounted drive).
    public var allowEmptyRoot: Bool

    public init(full: Bool = false, includeHidden: Bool = false, batchSize: Int = 512, allowEmptyRoot: Bool = false) {
        self.full = full
        self.includeHidden = includeHidden
        self.batchSize = max(1, batchSize)
        self.allowEmptyRoot = allowEmptyRoot
    }
}

/// One step of a scan.
public enum ScanEvent: Sendable, Equatable {
    /// Another scan of the same database is running; this one waits for it to finish.
    case waiting(String)
    /// The library being scanned (new or existing) and the folder walked.
    case started(Library, scope: RawPath)
    /// Counters so far.
    case progress(ScanProgress)
    /// A file or folder that could not be read.
    case failure(ScanFailure)
    /// The scan completed.
    case finished(ScanSummary)
}

/// Running counters of a scan.
public struct ScanProgress: Sendable, Equatable, Codable {
    /// Audio files found so far.
    public var found = 0
    /// Files opened and read.
    public var read = 0
    /// Files skipped because they did not change.
    public var skipped = 0
    /// Files or folders that could not be read.
    public var failed = 0
    /// The folder being walked.
    public var currentPath: String?
    /// Seconds since the scan started.
    public var elapsed: Double = 0

    public init(found: Int = 0, read: Int = 0, skipped: Int = 0, failed: Int = 0, currentPath: String? = nil, elapsed: Double = 0) {
        self.found = found; self.read = read; self.skipped = skipped
        self.failed = failed; self.currentPath = currentPath; self.elapsed = elapsed
    }

    /// Files handled so far (read, skipped or failed).
    public var processed: Int { read + skipped + failed }
}

/// What a completed scan did.
public struct ScanSummary: Sendable, Equatable, Codable {
    public var library: Library
    /// New tracks.
    public var added = 0
    /// Tracks re-read because their file changed (or `--full`).
    public var updated = 0
    /// Tracks whose files were unchanged and not opened.
    public var unchanged = 0
    /// Tracks newly marked missing by this scan (moved ones are not missing).
    public var missing = 0
    /// Tracks recognised at a new path (moved or renamed, maybe retagged, maybe into
    /// another library): same id kept.
    public var moved = 0
    /// Tracks whose file was replaced by another file of the same recording (an upgrade,
    /// say an MP3 by a FLAC): same id and history kept, the new file's path and format.
    public var upgraded = 0
    /// The upgrades, for `--verbose`.
    public var upgrades: [UpgradedTrack] = []
    /// Files or folders that could not be read.
    public var failed = 0
    public var failures: [ScanFailure] = []
    public var elapsed: Double = 0
    /// Where the time went (wall seconds), for `--verbose` and benchmarks.
    public var timings = ScanTimings()

    public init(library: Library) {
        self.library = library
    }
}

/// A track that took over a new file of its recording: its kept id, its old file and its new one.
public struct UpgradedTrack: Sendable, Equatable, Codable {
    public var id: Int64
    public var from: String
    public var to: String

    public init(id: Int64, from: String, to: String) {
        self.id = id; self.from = from; self.to = to
    }
}

