import Dispatch
import Foundation
import LibraryCore
import LibraryStorage

/// A batch whose files have been read: the planned folders and, per file to read, in order,
/// what reading it gave.
struct ReadBatch: Sendable {
    var plans: [FolderPlan]
    var results: [Result<TrackRecord, TagReadError>]
    /// Wall seconds the reading took.
    var seconds: Double
}

/// Reads one batch at a time in the background, on every core, so the scan thread walks
/// and plans the next folders meanwhile instead of leaving a core idle. At most one batch
/// is being read: `start` requires the previous one collected, which keeps memory bounded
/// (one batch planned, one read, one written) and the batches in order.
///
/// The journal names the files being read before any is opened, so a run that crashes in
/// TagLib tells the next run which files to read alone (`ScanJournal`).
final class BatchReader: @unchecked Sendable {
    private let reader: ParallelReader
    private let journal: ScanJournal
    /// Files that were being read when a previous run died: read one at a time.
    private let suspects: Set<RawPath>
    private let group = DispatchGroup()
    // Written by the reading block, read after `group.wait()` (which orders the accesses).
    private var result: ReadBatch?
    private var reading = false

    init(reader: ParallelReader, journal: ScanJournal, suspects: Set<RawPath>) {
        self.reader = reader
        self.journal = journal
        self.suspects = suspects
    }

    /// Starts reading the files `plans` want read. Call `collect` before the next `start`.
    func start(_ plans: [FolderPlan]) {
        precondition(!reading, "BatchReader.start: the previous batch was not collected")
        reading = true
        DispatchQueue.global().async(group: group) { [self] in
            let start = Date()
            let results = read(plans.flatMap { $0.toRead.map(\.file) })
            result = ReadBatch(plans: plans, results: results, seconds: Date().timeIntervalSince(start))
        }
    }

    /// Whether no batch is being read: none was started, or the one started is read (and
    /// `collect` returns it at once).
    var isDone: Bool {
        !reading || group.wait(timeout: .now()) == .success
    }

    /// Waits for the batch being read and returns it (nil when none was started). When the
    /// wait lasts over 50 ms (a slow disk, a read that hangs), `whileWaiting` runs first, once.
    func collect(whileWaiting: () -> Void = {}) -> ReadBatch? {
        guard reading else { return nil }
        if group.wait(timeout: .now() + .milliseconds(50)) == .timedOut {
            whileWaiting()
            group.wait()
        }
        reading = false
        defer { result = nil }
        return result
    }

    /// Reads files in parallel under a "batch" journal entry; suspects from a crashed run
    /// are read alone, each under its own "single" entry.
    private func read(_ files: [FileFacts]) -> [Result<TrackRecord, TagReadError>] {
        // Batches of unchanged folders have nothing to read: no journal to write.
        guard !files.isEmpty else { return [] }
        // The usual case, no crashed run behind: the parallel read's results as they are.
        if suspects.isEmpty {
            journal.willRead(batch: files.map(\.path))
            defer { journal.clear() }
            return reader.read(files)
        }
        let isSuspect = files.map { suspects.contains($0.path) }
        let safe = files.indices.filter { !isSuspect[$0] }
        journal.willRead(batch: safe.map { files[$0].path })
        let safeResults = reader.read(safe.map { files[$0] })
        var results = [Result<TrackRecord, TagReadError>](repeating: .failure(TagReadError(.readerFailure, "not read")), count: files.count)
        for (offset, index) in safe.enumerated() { results[index] = safeResults[offset] }
        for index in files.indices where isSuspect[index] {
            journal.willRead(single: files[index].path)
            results[index] = reader.read([files[index]])[0]
        }
        journal.clear()
        return results
    }
}
