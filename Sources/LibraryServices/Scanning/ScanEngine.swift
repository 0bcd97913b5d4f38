import Foundation
import LibraryCore
import LibraryStorage

/// Runs one scan synchronously on the calling thread: walks the folder depth-first, plans
/// each folder against the database, reads changed files in parallel, and commits each
/// batch in one transaction. Memory is bounded by one batch, not by the library's size.
final class ScanEngine {
    let database: DatabasePool
    /// Where the scan's writes put what they changed, published once as the scan ends.
    let changes: ChangeCollector
    let reader: any TagReader
    let journal: ScanJournal
    let now: @Sendable () -> Date
    let emit: (ScanEvent) -> Void
    let isCancelled: () -> Bool
    private let started = Date()

    private var progress = ScanProgress()
    var summary: ScanSummary!
    private(set) var target: ScanTarget!
    private(set) var generation: Int64 = 0
    private var pending: [FolderPlan] = []
    private var writer: BatchWriter!
    private var batchReader: BatchReader!
    private var pendingReads = 0
    /// The failed files (by path text) of folders found unchanged, which fail again without
    /// being read: marked seen in `finish`.
    var unchangedFailures: [String] = []
    /// Failures recorded by earlier scans under the scope, by folder text, then by path text.
    private var knownFailures: [String: [String: StoredFailure]] = [:]
    /// The folders earlier scans stored under the scope and this scan has not reached yet,
    /// by path text.
    var storedFolders = StoredFolders()
    /// Whether `findGoneFolders` has run (at the first folder with a new file).
    var goneFoldersFound = false
    /// The stored folders found gone, and their present tracks by what a rename keeps: the
    /// files of a moved folder are recognised among the new ones without marking the tracks
    /// missing first; those left are swept as missing at the end, with every folder the walk
    /// did not see (or, if the scan stops early, as it stops).
    var goneFolders: [Int64] = []
    var goneFiles: [MoveStore.RenameKey: Int64] = [:]
    /// Missing tracks already given to new files by this scan.
    let reservations = MoveReservations()
    /// Whether any library has missing tracks, so a new file may be one of theirs, renamed.
    var renamesPossible = false
    /// When the library's previous scan started (seconds), nil on its first scan.
    var previousStart: Int64?
    /// The highest track id before this scan: about how many tracks the search index held.
    var tracksBefore: Int64 = 0
    /// The tracks this scan marked missing, and those that took over a new file: the
    /// summary's `missing` is the first set less the second.
    var newlyMissing = Set<Int64>()
    var tookOver = Set<Int64>()
    /// CPU seconds of the phases run on every core, all threads; and the scan thread's
    /// share of them, which `walkCPU` leaves out.
    private let listingCPU = CPUTally(), readCPU = CPUTally(), mapCPU = CPUTally()
    private var parallelCPU: Double = 0

    init(
        database: DatabasePool, changes: ChangeCollector, reader: any TagReader, journal: ScanJournal,
        now: @escaping @Sendable () -> Date, emit: @escaping (ScanEvent) -> Void, isCancelled: @escaping () -> Bool
    ) {
        self.database = database
        self.changes = changes
        self.reader = reader
        self.journal = journal
        self.now = now
        self.emit = emit
        self.isCancelled = isCancelled
    }

    /// Scans and returns the summary; throws `LibraryError` or `CancellationError`.
    func run(_ request: ScanRequest) throws -> ScanSummary {
        let folder = try ScanTarget.canonicalFolder(request.path)
        let (processStart, threadStart) = (CPUClock.process(), CPUClock.thread())
        let startTime = now()
        (target, generation, previousStart, tracksBefore) = try database.write(collectingChangesIn: changes) { db in
            let target = try ScanTarget.resolve(folder: folder, name: request.name, mayAddLibrary: request.mayAddLibrary, now: startTime, db)
            let previousStart = try LibraryStore.lastScanStart(id: target.library.id, db)
            // Into an empty database: the order-free track indexes are built once, at the end.
            try ScanIndexes.deferForFirstScan(db)
            return (target, try LibraryStore.beginScan(id: target.library.id, now: startTime, db), previousStart, try TrackStore.highestID(db))
        }
        summary = ScanSummary(library: target.library)
        writer = BatchWriter(
            database: database, changes: changes, libraryID: target.library.id, generation: generation,
            reservations: reservations, batchSize: request.options.batchSize)
        emit(.started(target.library, scope: target.scope))
        // Every path out collects the batch being read first, so nothing writes the journal after.
        defer { journal.close() }
        let suspects = try recoverFromCrash()
        batchReader = BatchReader(reader: parallelReader, journal: journal, suspects: suspects)
        let (libraryID, scope) = (target.library.id, target.scope)
        knownFailures = try database.read { db in
            Dictionary(grouping: try FailureStore.failures(libraryID: libraryID, under: scope, db)) { failure in
                String(failure.pathText[..<(failure.pathText.lastIndex(of: "/") ?? failure.pathText.endIndex)])
            }.mapValues { Dictionary($0.map { ($0.pathText, $0) }, uniquingKeysWith: { first, _ in first }) }
        }
        storedFolders = try database.read { db in try StoredFolders(libraryID: libraryID, under: scope, db) }
        do {
            try walk(request.options)
            try flush(request.options)
            if let last = collectRead() { try write(last) }
            try drainWriter()
        } catch {
            // Let the batches in flight finish reading and commit (or fail) before giving
            // up: never half a batch.
            _ = batchReader.collect()
            _ = try? writer.collect()
            markGoneFoldersMissing()
            // Else the next `Database.open` builds them.
            try? database.writeWithoutTransaction { db in try ScanIndexes.restore(db) }
            throw error
        }
        summary.timings.walkCPU = CPUClock.thread() - threadStart - parallelCPU + listingCPU.total
        let (finishStart, finishCPUStart) = (Date(), CPUClock.thread())
        try finish()
        summary.timings.finishing = Date().timeIntervalSince(finishStart)
        summary.timings.finishCPU = CPUClock.thread() - finishCPUStart
        summary.timings.readCPU = readCPU.total
        summary.timings.mapCPU = mapCPU.total
        summary.timings.processCPU = CPUClock.process() - processStart
        summary.timings.threadCPU = CPUClock.threads()
        summary.elapsed = Date().timeIntervalSince(started)
        emitProgress(force: true)
        return summary
    }

    /// Walks depth-first, listing up to `listingChunk` folders at a time on every core (the
    /// listing is mostly `stat` calls), then planning them in order.
    private func walk(_ options: ScanOptions) throws {
        let directories = DirectoryReader(includeHidden: options.includeHidden)
        var visited = VisitedDirectories(expected: storedFolders.count)
        var stack = PendingFolders(start: (target.scope, nil, try inheritedIgnoreRules()))
        while !stack.isEmpty {
            if isCancelled() { throw CancellationError() }
            var chunk: [(path: RawPath, mtimeNs: Int64, rules: IgnoreRules)] = []
            while chunk.count < Self.listingChunk, let (path, known, inherited) = stack.popLast() {
                switch known.map({ Result<(DirectoryID, Int64), SystemError>.success($0) }) ?? DirectoryReader.directoryID(of: path) {
                case .failure(let code):
                    try folderFailed(path, reason: code.description)
                case .success(let (id, mtimeNs)):
                    guard visited.insert(id) else {
                        report(ScanFailure(path: path.text, reason: "symbolic link loop: this folder was already scanned"), counted: false)
                        continue
                    }
                    chunk.append((path, mtimeNs, inherited))
                }
            }
            let listings = onEveryCore {
                chunk.concurrentMap(perThread: listingCPU.add) { folder in
                    directories.list(folder.path, mtimeNs: folder.mtimeNs, inherited: folder.rules)
                }
            }
            for (folder, listed) in zip(chunk, listings) {
                if isCancelled() { throw CancellationError() }
                switch listed {
                case .failure(let code):
                    try folderFailed(folder.path, reason: code.description)
                case .success(let (listing, rules)):
                    if folder.path == target.scope && !options.allowEmptyRoot { try refuseIfUnmounted(listing) }
                    stack.push(listing.subfolders, rules: rules)
                    try plan(listing, options)
                }
            }
        }
    }

    /// How many folders are listed at once.
    private static let listingChunk = 32

    /// An empty folder where the library has tracks is most likely an unmounted drive:
    /// sweeping it would mark the whole library missing, so the scan stops instead.
    private func refuseIfUnmounted(_ listing: DirectoryListing) throws {
        guard listing.files.isEmpty, listing.subfolders.isEmpty, listing.problems.isEmpty else { return }
        let (libraryID, scope) = (target.library.id, target.scope)
        let present = try database.read { db in try TrackStore.presentCount(libraryID: libraryID, under: scope, db) }
        guard present > 0 else { return }
        throw LibraryError(.fileSystem, "\(scope.text) is empty, but the library has \(present) tracks there: if its drive is not mounted, mount it and scan again; if the music is really gone, scan with --allow-empty to mark it missing.")
    }

    /// The ignore rules of the folders above the scope, up to the library root, so scanning
    /// a subfolder honours its parents' `.kanoraignore` files.
    private func inheritedIgnoreRules() throws -> IgnoreRules {
        var folders: [RawPath] = []
        var folder = target.scope
        while folder != target.library.root, folder.isInside(target.library.root), folder.bytes.count > 1 {
            folder = folder.parent
            folders.append(folder)
        }
        return folders.reversed().reduce(IgnoreRules()) { $0.adding(folder: $1) }
    }

    private func plan(_ listing: DirectoryListing, _ options: ScanOptions) throws {
        for problem in listing.problems {
            report(ScanFailure(path: problem.path.text, reason: problem.reason))
        }
        let libraryID = target.library.id
        // The reader connection: folders are planned while the writer commits other folders.
        let folderText = listing.path.text
        let failures = knownFailures.removeValue(forKey: folderText) ?? [:]
        var plan: FolderPlan
        let previous = storedFolders.take(folderText)
        if let previous, !options.full, previous.fingerprint == listing.fingerprint {
            plan = FolderPlan(unchanged: listing, folderID: previous.id, failures: failures)
        } else {
            // A folder with no row yet (a new one, or one moved here) has no tracks to ask for.
            let stored = previous == nil ? [] : try database.read { db in
                try TrackStore.storedFiles(libraryID: libraryID, folder: listing.path, db)
            }
            plan = FolderPlan(listing: listing, stored: stored, failures: failures, full: options.full)
            if !goneFoldersFound && plan.toRead.contains(where: { $0.trackID == nil }) { try findGoneFolders() }
            if !options.full { try recogniseRenames(&plan) }
        }
        progress.found += listing.files.count
        progress.skipped += plan.unchangedCount + plan.renamed.count
        progress.currentPath = folderText
        summary.unchanged += plan.unchangedCount
        if plan.unchangedFolderID != nil {
            // Nothing to write: the folder's row stays as it is (reaching it is what keeps
            // its tracks), and its files that failed before (they fail again, unchanged,
            // without being read) are marked seen for all such folders at once, in `finish`.
            for (file, failure) in plan.knownFailures {
                unchangedFailures.append(file.path.text)
                report(ScanFailure(path: file.path.text, reason: failure.reason))
            }
        } else {
            pending.append(plan)
            pendingReads += plan.toRead.count
            if pendingReads >= options.batchSize || pending.count >= 256 || feedsIdleWriter(options) {
                try flush(options)
            }
        }
        emitProgress()
    }

    /// Whether to flush the pending folders before their batch is full: when the writer and
    /// the reader both have nothing to do and the batch has few files to read. Where little
    /// changed (a rescan), changed folders are far apart, and a full batch would hold them
    /// back until late in the walk, leaving their writes as a serial tail after it. Batches
    /// so sized follow the writer's pace: while it writes one, the next gathers every folder
    /// planned meanwhile. A batch with many files to read is read whole, on every core.
    private func feedsIdleWriter(_ options: ScanOptions) -> Bool {
        pendingReads * 4 < options.batchSize && writer.isIdle && batchReader.isDone
    }

    /// Starts reading the pending files in the background, on every core, and hands the
    /// batch read before to the writer, which commits it in one transaction: the walk goes
    /// on while one batch is read and the one before it written.
    private func flush(_ options: ScanOptions) throws {
        guard !pending.isEmpty else { return }
        let previous = collectRead()
        batchReader.start(pending)
        pending.removeAll(keepingCapacity: true)
        pendingReads = 0
        if let previous { try write(previous) }
    }

    /// Waits for the batch being read; if that takes a while, reports the progress so far
    /// first, so a stalled read never hides what was done before it.
    private func collectRead() -> ReadBatch? {
        batchReader.collect { emitProgress(force: true) }
    }

    /// Counts a read batch and hands it to the writer.
    private func write(_ read: ReadBatch) throws {
        summary.timings.reading += read.seconds
        progress.read += read.results.count { if case .success = $0 { true } else { false } }
        emitProgress()
        apply(try writer.submit(ScanBatch(plans: read.plans, results: read.results, time: now(), goneFolders: goneFolders)))
    }

    /// Waits for the batches being written and counts them.
    private func drainWriter() throws {
        apply(try writer.collect())
    }

    /// Adds written batches' outcomes to the counters (on the scan thread).
    private func apply(_ outcomes: [BatchOutcome]) {
        for outcome in outcomes { apply(outcome) }
    }

    private func apply(_ outcome: BatchOutcome) {
        summary.timings.writing += outcome.seconds
        summary.timings.writingCPU += outcome.cpuSeconds
        summary.timings.writeCPU += outcome.statementCPU
        summary.timings.commitCPU += outcome.cpuSeconds - outcome.statementCPU
        for file in outcome.files {
            switch file {
            case .added: summary.added += 1
            case .updated: summary.updated += 1
            case .moved(let id):
                summary.moved += 1
                tookOver.insert(id)
            case .failed(let failure): report(failure)
            }
        }
        newlyMissing.formUnion(outcome.vanished)
        summary.moved += outcome.renamed.count
        tookOver.formUnion(outcome.renamed)
        if !outcome.vanished.isEmpty { renamesPossible = true }
        for failure in outcome.knownFailures { report(failure) }
        emitProgress()
    }

    private var parallelReader: ParallelReader {
        ParallelReader(reader: reader, readCPU: readCPU, mapCPU: mapCPU)
    }

    /// Runs `body`, which works on every core, keeping the calling thread's CPU seconds in
    /// it out of `walkCPU` (the workers count them).
    func onEveryCore<T>(_ body: () -> T) -> T {
        let start = CPUClock.thread()
        defer { parallelCPU += CPUClock.thread() - start }
        return body()
    }

    /// Reports an unreadable folder and keeps it and every stored folder below it as they
    /// were: none of them counts as unreached.
    private func folderFailed(_ path: RawPath, reason: String) throws {
        report(ScanFailure(path: path.text, reason: "folder cannot be read (\(reason)); its tracks are kept as they were"))
        let libraryID = target.library.id
        let below = try database.read { db in try FolderStore.stored(libraryID: libraryID, under: path, db) }
        for text in below.keys { _ = storedFolders.take(text) }
    }

    private func report(_ failure: ScanFailure, counted: Bool = true) {
        if counted {
            progress.failed += 1
            summary.failed += 1
        }
        summary.failures.append(failure)
        emit(.failure(failure))
    }

    /// When progress was last sent: at most twenty updates a second reach the stream.
    private var lastProgress = Date.distantPast

    /// Sends progress unless some was sent in the last 50 ms (`force` always sends).
    private func emitProgress(force: Bool = false) {
        let now = Date()
        guard force || now.timeIntervalSince(lastProgress) >= 0.05 else { return }
        lastProgress = now
        emit(.progress(timed(progress)))
    }

    private func timed(_ progress: ScanProgress) -> ScanProgress {
        var copy = progress
        copy.elapsed = Date().timeIntervalSince(started)
        return copy
    }
}
