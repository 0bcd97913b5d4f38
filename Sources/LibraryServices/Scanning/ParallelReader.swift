import Foundation
import LibraryCore
import LibraryStorage

/// Reads a batch of files on every core (each read uses its own TagLib file object) and
/// prepares there the record the writer stores, folded text and all.
struct ParallelReader {
    let reader: any TagReader
    /// Where the CPU seconds of reading (and, when profiling, of mapping) are added up.
    var readCPU: CPUTally?
    var mapCPU: CPUTally?

    /// Whether reading and mapping are timed apart, per file (`KANORA_SCAN_PHASES` set):
    /// three clock reads a file instead of one a batch and thread.
    static let profiling = ProcessInfo.processInfo.environment["KANORA_SCAN_PHASES"] != nil

    func read(_ files: [FileFacts]) -> [Result<TrackRecord, TagReadError>] {
        let (profiling, readCPU, mapCPU) = (Self.profiling, self.readCPU, self.mapCPU)
        return files.concurrentMap(perThread: { seconds in readCPU?.add(seconds) }) { file in
            do throws(TagReadError) {
                let reading = try reader.read(file.path)
                let read = profiling ? CPUClock.thread() : 0
                let record = TrackRecord(metadata: reading.metadata, file: file, fingerprint: reading.fingerprint)
                if profiling {
                    let mapped = CPUClock.thread() - read
                    mapCPU?.add(mapped)
                    readCPU?.add(-mapped)
                }
                return .success(record)
            } catch {
                return .failure(error)
            }
        }
    }
}
