import Dispatch
import Foundation
import LibraryCore

/// Reads a batch of files on every core (each read uses its own TagLib file object) and
/// prepares there the record the writer stores, folded text and all.
struct ParallelReader {
    let reader: any TagReader

    func read(_ files: [FileFacts]) -> [Result<TrackRecord, TagReadError>] {
        guard !files.isEmpty else { return [] }
        let results = ResultSlots(count: files.count)
        DispatchQueue.concurrentPerform(iterations: files.count) { index in
            let result: Result<TrackRecord, TagReadError>
            do throws(TagReadError) {
                let file = files[index]
                let reading = try reader.read(file.path)
                result = .success(TrackRecord(metadata: reading.metadata, file: file, fingerprint: reading.fingerprint))
            } catch {
                result = .failure(error)
            }
            results.set(index, result)
        }
        return results.values()
    }
}

/// One slot per file; each index is written by exactly one iteration, then read after all
/// iterations have finished (concurrentPerform returns only then).
private final class ResultSlots: @unchecked Sendable {
    private var slots: [Result<TrackRecord, TagReadError>?]
    private let lock = NSLock()

    init(count: Int) {
        slots = Array(repeating: nil, count: count)
    }

    func set(_ index: Int, _ value: Result<TrackRecord, TagReadError>) {
        lock.lock()
        slots[index] = value
        lock.unlock()
    }

    func values() -> [Result<TrackRecord, TagReadError>] {
        slots.map { $0 ?? .failure(TagReadError(.readerFailure, "not read")) }
    }
}
