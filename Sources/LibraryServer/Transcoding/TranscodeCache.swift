import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// Finished transcodes on disk, least recently used evicted first under a size limit.
///
/// An entry's name is its key: the track id, the source file's size and mtime, the format
/// and the bitrate, so a file changed on disk (a new size or mtime, once rescanned) never
/// matches an old entry. A transcode is written to a temporary file in the same folder and
/// renamed into place only once ffmpeg has finished well, so a partial output is never
/// served. Recency is kept in memory (the files' mtimes stay as written, so the ETag a
/// client saw stays valid); after a restart the oldest written goes first.
final class TranscodeCache: Sendable {
    /// The folder holding the entries.
    let directory: URL
    /// The most bytes kept; entries are evicted past it.
    let limit: Int64

    private struct Entry {
        var size: Int64
        var lastUse: UInt64
    }

    private struct State {
        var entries: [String: Entry] = [:]
        var clock: UInt64 = 0
        var total: Int64 = 0
    }

    private let state = Mutex(State())
    static let temporaryPrefix = ".partial-"

    /// Opens (creating it if needed) the cache in `directory`, dropping partial files a
    /// stopped server left, and evicts down to `limit` bytes.
    init(directory: URL, limit: Int64) throws {
        self.directory = directory
        self.limit = limit
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let keys: [URLResourceKey] = [.fileSizeKey, .contentModificationDateKey]
        let files = try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: keys)
        var found: [(name: String, size: Int64, date: Date)] = []
        for file in files {
            let name = file.lastPathComponent
            if name.hasPrefix(Self.temporaryPrefix) {
                try? FileManager.default.removeItem(at: file)
                continue
            }
            let values = try? file.resourceValues(forKeys: Set(keys))
            found.append((name, Int64(values?.fileSize ?? 0), values?.contentModificationDate ?? .distantPast))
        }
        state.withLock { state in
            for file in found.sorted(by: { $0.date < $1.date }) {
                state.clock += 1
                state.entries[file.name] = Entry(size: file.size, lastUse: state.clock)
                state.total += file.size
            }
        }
        evict()
    }

    /// The file name of the entry for these facts.
    static func key(track: Int64, size: Int64, mtimeNs: Int64, format: TranscodeFormat, bitRate: Int?) -> String {
        "\(track)-\(size)-\(mtimeNs)-\(bitRate.map(String.init) ?? "lossless").\(format.fileExtension)"
    }

    /// The path of the entry `key`, marked as just used; nil when there is none.
    func lookup(_ key: String) -> String? {
        let known = state.withLock { state in
            guard state.entries[key] != nil else { return false }
            state.clock += 1
            state.entries[key]?.lastUse = state.clock
            return true
        }
        return known ? directory.appendingPathComponent(key).path : nil
    }

    /// A new temporary file for the entry `key`, open for writing.
    func begin(_ key: String) -> PendingEntry? {
        let path = directory.appendingPathComponent(Self.temporaryPrefix + UUID().uuidString + "-" + key).path
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return nil }
        return PendingEntry(cache: self, key: key, path: path, descriptor: descriptor)
    }

    /// Renames a finished temporary file into place as `key`, then evicts.
    func commit(_ path: String, as key: String, size: Int64) {
        let final = directory.appendingPathComponent(key).path
        guard rename(path, final) == 0 else {
            unlink(path)
            return
        }
        state.withLock { state in
            state.clock += 1
            state.total += size - (state.entries[key]?.size ?? 0)
            state.entries[key] = Entry(size: size, lastUse: state.clock)
        }
        evict()
    }

    /// The bytes the entries take.
    var totalSize: Int64 { state.withLock { $0.total } }

    /// Deletes the least recently used entries until the total is within the limit.
    /// A file being sent stays readable through its open descriptor.
    private func evict() {
        let doomed = state.withLock { state -> [String] in
            var doomed: [String] = []
            let order = state.entries.sorted { $0.value.lastUse < $1.value.lastUse }
            for (name, entry) in order where state.total > limit {
                state.total -= entry.size
                state.entries[name] = nil
                doomed.append(name)
            }
            return doomed
        }
        for name in doomed { unlink(directory.appendingPathComponent(name).path) }
    }
}

/// A transcode being written to the cache: appended to as ffmpeg's output comes, then
/// committed (renamed into place) or discarded (deleted).
final class PendingEntry: Sendable {
    let cache: TranscodeCache
    let key: String
    let path: String
    private let descriptor: Int32
    private let written = Mutex<Int64?>(0)

    init(cache: TranscodeCache, key: String, path: String, descriptor: Int32) {
        self.cache = cache
        self.key = key
        self.path = path
        self.descriptor = descriptor
    }

    deinit { discard() }

    /// Appends `bytes`; a failed write (a full disk) discards the entry, never the stream.
    func append(_ bytes: UnsafeRawBufferPointer) {
        written.withLock { written in
            guard let count = written else { return }
            var done = 0
            while done < bytes.count {
                let result = write(descriptor, bytes.baseAddress! + done, bytes.count - done)
                if result < 0 && errno == EINTR { continue }
                if result <= 0 {
                    written = nil
                    close(descriptor)
                    unlink(path)
                    return
                }
                done += result
            }
            written = count + Int64(done)
        }
    }

    /// Closes the file and renames it into the cache.
    func commit() {
        guard let size = finish() else { return }
        cache.commit(path, as: key, size: size)
    }

    /// Closes and deletes the file (a transcode that failed or was cut short).
    func discard() {
        if finish() != nil { unlink(path) }
    }

    /// Closes the file once; its size, or nil when it was already closed.
    private func finish() -> Int64? {
        written.withLock { written in
            guard let size = written else { return nil }
            written = nil
            close(descriptor)
            return size
        }
    }
}
