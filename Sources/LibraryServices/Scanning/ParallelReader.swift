import Dispatch
import Foundation
import LibraryCore

/// What reading one file gave: its metadata and content fingerprint.
struct ReadFile: Sendable {
    var metadata: TrackMetadata
    var fingerprint: String?
}

/// Reads a batch of files on every core: each read uses its own TagLib file object, and
/// the content fingerprint is taken right after, while the file is in the page cache.
struct ParallelReader {
    let reader: any TagReader

    func read(_ files: [FileFacts]) -> [Result<ReadFile, TagReadError>] {
        guard !files.isEmpty else { return [] }
        let results = ResultSlots(count: files.count)
        DispatchQueue.concurrentPerform(iterations: files.count) { index in
            let result: Result<ReadFile, TagReadError>
            do throws(TagReadError) {
                let metadata = try reader.read(files[index].path)
                result = .success(ReadFile(metadata: metadata, fingerprint: ContentFingerprint.compute(files[index].path, metadata: metadata)))
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
    private var slots: [Result<ReadFile, TagReadError>?]
    private let lock = NSLock()

    init(count: Int) {
        slots = Array(repeating: nil, count: count)
    }

    func set(_ index: Int, _ value: Result<ReadFile, TagReadError>) {
        lock.lock()
        slots[index] = value
        lock.unlock()
    }

    func values() -> [Result<ReadFile, TagReadError>] {
        slots.map { $0 ?? .failure(TagReadError(.readerFailure, "not read")) }
    }
}
