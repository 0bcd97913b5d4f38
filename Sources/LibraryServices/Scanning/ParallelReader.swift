import Dispatch
import Foundation
import LibraryCore

/// Reads a batch of files on every core: each read uses its own TagLib file object.
struct ParallelReader {
    let reader: any TagReader

    func read(_ files: [FileFacts]) -> [Result<TrackMetadata, TagReadError>] {
        guard !files.isEmpty else { return [] }
        let results = ResultSlots(count: files.count)
        DispatchQueue.concurrentPerform(iterations: files.count) { index in
            let result: Result<TrackMetadata, TagReadError>
            do throws(TagReadError) {
                result = .success(try reader.read(files[index].path))
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
    private var slots: [Result<TrackMetadata, TagReadError>?]
    private let lock = NSLock()

    init(count: Int) {
        slots = Array(repeating: nil, count: count)
    }

    func set(_ index: Int, _ value: Result<TrackMetadata, TagReadError>) {
        lock.lock()
        slots[index] = value
        lock.unlock()
    }

    func values() -> [Result<TrackMetadata, TagReadError>] {
        slots.map { $0 ?? .failure(TagReadError(.readerFailure, "not read")) }
    }
}
