import Foundation
import Synchronization

/// Resized covers on disk, in one folder, capped in total size: the least recently used
/// files go first when a write passes the cap.
///
/// A hit touches its file, so modification times order the files by last use. Writes go to
/// a temporary name first, so a reader never sees half a file.
public final class CoverCache: Sendable {
    /// Where the files are.
    public let directory: URL
    /// The most bytes the folder may hold after a write.
    public let capacity: Int64
    private let evicting = Mutex(())

    /// A cache in `directory` (created on first write), holding at most `capacity` bytes.
    public init(directory: URL, capacity: Int64 = 100 << 20) {
        self.directory = directory
        self.capacity = capacity
    }

    /// The cache for the database at `databaseURL`: `<database>-cache/covers/`.
    public static func beside(_ databaseURL: URL) -> CoverCache {
        CoverCache(directory: URL(fileURLWithPath: databaseURL.path + "-cache").appendingPathComponent("covers"))
    }

    /// The cached image for `key`, marked as just used; nil on a miss.
    func artwork(for key: String) -> Artwork? {
        for format in [ImageFormat.jpeg, .png] {
            let url = fileURL(key, format)
            guard let data = try? Data(contentsOf: url) else { continue }
            try? FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: url.path)
            return Artwork(data: data, format: format)
        }
        return nil
    }

    /// Stores `artwork` under `key`, then evicts the least recently used files over the cap.
    /// Failures are ignored: the cache is an optimisation, never a reason to fail a request.
    func store(_ artwork: Artwork, for key: String) {
        let manager = FileManager.default
        try? manager.createDirectory(at: directory, withIntermediateDirectories: true)
        let temporary = directory.appendingPathComponent(".\(key).\(UUID().uuidString).tmp")
        guard (try? artwork.data.write(to: temporary)) != nil else { return }
        if rename(temporary.path, fileURL(key, artwork.format).path) != 0 { try? manager.removeItem(at: temporary) }
        evictOverCapacity()
    }

    /// Deletes the least recently used files until the folder holds at most `capacity` bytes.
    func evictOverCapacity() {
        evicting.withLock { _ in
            let keys: [URLResourceKey] = [.fileSizeKey, .contentModificationDateKey]
            guard let urls = try? FileManager.default.contentsOfDirectory(
                at: directory, includingPropertiesForKeys: keys, options: [.skipsHiddenFiles]) else { return }
            var files = urls.compactMap { url -> (url: URL, size: Int64, used: Date)? in
                guard let values = try? url.resourceValues(forKeys: Set(keys)), let size = values.fileSize else { return nil }
                return (url, Int64(size), values.contentModificationDate ?? .distantPast)
            }
            var total = files.reduce(Int64(0)) { $0 + $1.size }
            guard total > capacity else { return }
            files.sort { $0.used < $1.used }
            for file in files where total > capacity {
                if (try? FileManager.default.removeItem(at: file.url)) != nil { total -= file.size }
            }
        }
    }

    func fileURL(_ key: String, _ format: ImageFormat) -> URL {
        directory.appendingPathComponent("\(key).\(format == .png ? "png" : "jpg")")
    }
}
