import Dispatch
import Foundation
import LibraryCore
import LibraryStorage

/// One batch ready to write: the planned folders and what reading their files gave.
struct ScanBatch: Sendable {
    var plans: [FolderPlan]
    var results: [Result<TrackRecord, TagReadError>]
    var time: Date
    /// The stored folders the scan found gone: their tracks, still present, may be claimed.
    var goneFolders: [Int64] = []

    /// Roughly how much memory the batch holds while it waits, in read files: a file read
    /// holds its record; a renamed file only its facts, about an eighth of that.
    var weight: Int {
        plans.reduce(0) { $0 + $1.toRead.count + ($1.renamed.count + 7) / 8 }
    }
}

/// What writing one file read did.
enum WrittenFile: Sendable {
    case added, updated
    /// The file is the missing track `id`'s, moved here (maybe from another library): the
    /// track was updated in place.
    case moved(Int64)
    case failed(ScanFailure)
}

/// What writing a batch did, for the summary.
struct BatchOutcome: Sendable {
    /// Per file read, in order.
    var files: [WrittenFile] = []
    /// Tracks marked missing because their files vanished from the batch's folders.
    var vanished: [Int64] = []
    /// Tracks of renamed files that took their new paths (see `FolderPlan.renamed`).
    var renamed: [Int64] = []
    /// Files that failed before, are unchanged, and so failed again without being read.
    var knownFailures: [ScanFailure] = []
    var seconds: Double = 0
    /// CPU seconds of the whole write, and of its statements (the rest is the commit).
    var cpuSeconds: Double = 0
    var statementCPU: Double = 0
}

/// Writes batches on its own serial queue, one transaction each, so the scanner reads the
/// next batches while these are written. `submit` waits while the batches in flight weigh
/// `weightCapacity` (`ScanBatch.weight`) or number `batchCapacity`, which keeps memory
/// bounded; outcomes and errors come back in order.
///
/// Room for batches waiting decouples the scan from the writer's pauses and long batches:
/// with one batch in flight, the scan thread waited for each write (a checkpoint's disk
/// flushes) before handing over the next read, and the readers sat idle meanwhile; a folder
/// tree moved in one piece makes a batch of a few thousand renames, which the walk of the
/// folders after it need not wait for.
final class BatchWriter: @unchecked Sendable {
    private let database: DatabasePool
    /// Where the batches' changes go (nil: to the commit observers, batch by batch).
    private let changes: ChangeCollector?
    private let libraryID: Int64
    private let generation: Int64
    private let reservations: MoveReservations
    private let weightCapacity: Int
    private let batchCapacity: Int
    private let queue = DispatchQueue(label: "kanora.scan.writer")
    // Touched only on `queue`.
    private let cache = CatalogCache()
    /// The present tracks of the gone folders by fingerprint, loaded when first needed.
    private var goneByFingerprint: [String: [MoveStore.PresentTrack]]?
    /// Set when a batch fails: the batches queued after it are not written.
    private var failed = false
    /// Whether this scan indexes its new artists and albums for search itself, once a batch
    /// (a first scan: `ScanIndexes.searchTriggers`); learnt at the first batch.
    private var indexesNames: Bool?
    // Guarded by `condition`.
    private let condition = NSCondition()
    private var inFlight = 0
    private var inFlightWeight = 0
    private var finished: [Result<BatchOutcome, any Error>] = []

    /// `weightCapacity` is two and a half times the scan's `batchSize`: room for two
    /// batches of files read (each a little over `batchSize`), never three (three batches
    /// of exactly `batchSize` would fit in three times it: one more batch of files and
    /// their tags in memory, ~2 MB at 100,000 tracks in batches of 256).
    init(
        database: DatabasePool, changes: ChangeCollector? = nil, libraryID: Int64, generation: Int64,
        reservations: MoveReservations, batchSize: Int, batchCapacity: Int = 8
    ) {
        self.database = database
        self.changes = changes
        self.libraryID = libraryID
        self.generation = generation
        self.reservations = reservations
        weightCapacity = 5 * max(1, batchSize) / 2
        self.batchCapacity = max(1, batchCapacity)
    }

    /// Queues `batch` once there is room, and returns the outcomes of the batches written
    /// since the last call; throws the first error instead (and then queues nothing).
    func submit(_ batch: ScanBatch) throws -> [BatchOutcome] {
        let weight = batch.weight
        condition.lock()
        while inFlight >= batchCapacity || (inFlight > 0 && weight > 0 && inFlightWeight + weight > weightCapacity) {
            condition.wait()
        }
        let done = finished
        finished.removeAll()
        let failing = done.contains { if case .failure = $0 { true } else { false } }
        if !failing {
            inFlight += 1
            inFlightWeight += weight
        }
        condition.unlock()
        let outcomes = try done.map { try $0.get() }
        queue.async { [self] in
            let result = failed ? .failure(CancellationError()) : Result { try written(batch) }
            if case .failure = result { failed = true }
            condition.lock()
            finished.append(result)
            inFlight -= 1
            inFlightWeight -= weight
            condition.broadcast()
            condition.unlock()
        }
        return outcomes
    }

    /// Whether no batch is queued or being written.
    var isIdle: Bool {
        condition.lock()
        defer { condition.unlock() }
        return inFlight == 0
    }

    /// Waits for every batch in flight and returns their outcomes, or the first error.
    func collect() throws -> [BatchOutcome] {
        condition.lock()
        while inFlight > 0 { condition.wait() }
        let done = finished
        finished.removeAll()
        condition.unlock()
        return try done.map { try $0.get() }
    }

    /// Writes `batch` in one transaction, timed.
    private func written(_ batch: ScanBatch) throws -> BatchOutcome {
        let start = Date()
        let cpuStart = CPUClock.thread()
        var outcome = try database.write(collectingChangesIn: changes) { db in
            var outcome = try write(batch, db)
            outcome.statementCPU = CPUClock.thread() - cpuStart
            return outcome
        }
        outcome.seconds = Date().timeIntervalSince(start)
        outcome.cpuSeconds = CPUClock.thread() - cpuStart
        return outcome
    }

    private func write(_ batch: ScanBatch, _ db: Connection) throws -> BatchOutcome {
        var outcome = BatchOutcome()
        var inserted: [Int64] = []
        // Rewritten tracks are reindexed for search together, at the end.
        let searchText = SearchTextBatch()
        var offset = 0
        if indexesNames == nil { indexesNames = try ScanIndexes.nameSearchIsDeferred(db) }
        let lastNameIDs = indexesNames == true ? try ScanIndexes.lastNameIDs(db) : nil
        for plan in batch.plans {
            outcome.vanished += plan.vanished
            try TrackStore.markMissing(ids: plan.vanished, now: batch.time, db)
            for id in plan.reappeared { try TrackStore.markPresent(id: id, db) }
        }
        // Only when some track (of any library) is missing, or another library may hold the
        // track of a file moved from it, can a new file be one that moved.
        let elsewhere = try UpgradeStore.hasOtherLibraries(than: libraryID, db)
        let claims = try elsewhere || !batch.goneFolders.isEmpty || MoveStore.hasMissing(db)
        for plan in batch.plans {
            // Plans of unchanged folders never reach the writer: their rows stay as they are.
            let folderID = try FolderStore.markSeen(
                libraryID: libraryID, path: plan.listing.path, mtimeNs: plan.listing.mtimeNs,
                fingerprint: plan.listing.fingerprint, hasCoverImage: plan.listing.hasCoverImage, generation: generation, db)
            for (file, trackID) in plan.renamed {
                // Reserved for this file by the planner; unplaced only if another row holds
                // the path (another spelling of it), and then that row is the file's.
                if try MoveStore.moveFile(id: trackID, to: file, libraryID: libraryID, folderID: folderID, now: batch.time, db) {
                    outcome.renamed.append(trackID)
                }
            }
            for (file, trackID) in plan.toRead {
                switch batch.results[offset] {
                case .success(let record):
                    let albumID = try CatalogStore.albumID(for: record, cache: cache, db)
                    let movedFrom = trackID == nil && claims
                        ? try claim(record, albumID: elsewhere ? albumID : nil, goneFolders: batch.goneFolders, db) : nil
                    let saved = try TrackStore.save(
                        record, existingID: trackID ?? movedFrom, libraryID: libraryID, folderID: folderID, albumID: albumID,
                        generation: generation, now: batch.time, moved: movedFrom != nil, searchText: searchText, db)
                    if saved.inserted { inserted.append(saved.id) }
                    try CatalogStore.linkArtists(trackID: saved.id, record: record, new: saved.inserted, cache: cache, db)
                    if plan.hadFailure(file) {
                        try FailureStore.remove(libraryID: libraryID, pathText: file.path.text, db)
                    }
                    outcome.files.append(saved.inserted ? .added : movedFrom.map { .moved($0) } ?? .updated)
                case .failure(let error):
                    try FailureStore.record(
                        libraryID: libraryID, file: file, kind: error.kind.rawValue, reason: error.message,
                        generation: generation, now: batch.time, db)
                    outcome.files.append(.failed(ScanFailure(path: file.path.text, reason: error.message)))
                }
                offset += 1
            }
            for (file, failure) in plan.knownFailures {
                try FailureStore.record(
                    libraryID: libraryID, file: file, kind: failure.kind, reason: failure.reason,
                    generation: generation, now: batch.time, db)
            }
            outcome.knownFailures += plan.knownFailures.map { ScanFailure(path: $0.file.path.text, reason: $0.failure.reason) }
        }
        try TrackStore.setSearchText(searchText, db)
        try TrackStore.indexForSearch(ids: inserted, db)
        if let lastNameIDs { try ScanIndexes.indexNewNamesForSearch(after: lastNameIDs, db) }
        return outcome
    }

    /// The track whose file moved to `record`'s path, if one clearly did and no other file
    /// of this scan has taken it: a missing track, or (given the album) a track of another
    /// library whose file is gone. Weighing those together keeps a file moved from another
    /// library from taking a missing track that merely shares its audio and title.
    private func claim(_ record: TrackRecord, albumID: Int64?, goneFolders: [Int64], _ db: Connection) throws -> Int64? {
        var presentIDs: [Int64] = []
        if !goneFolders.isEmpty, let fingerprint = record.fingerprint {
            if goneByFingerprint == nil { goneByFingerprint = try MoveStore.presentFingerprints(inFolders: goneFolders, db) }
            presentIDs = MoveStore.agreeing(goneByFingerprint?[fingerprint] ?? [], with: record)
        }
        let candidates = try MoveStore.claimCandidates(record, libraryID: libraryID, albumID: albumID, presentIDs: presentIDs, db)
        guard !candidates.isEmpty,
              let id = MoveMatcher.claim(MoveSide(record: record, libraryID: libraryID), among: candidates, isGone: DirectoryReader.isGone),
              reservations.reserve(id)
        else { return nil }
        return id
    }
}
