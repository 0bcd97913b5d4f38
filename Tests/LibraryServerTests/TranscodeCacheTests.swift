import Foundation
@testable import LibraryServer
import Testing
import TestSupport

/// The transcode cache on a real folder: complete entries only, least recently used evicted.
@Suite("Transcode cache")
struct TranscodeCacheTests {
    /// Writes `size` bytes as the entry `key` through a pending entry, committed.
    func put(_ cache: TranscodeCache, _ key: String, size: Int) throws {
        let pending = try #require(cache.begin(key))
        Data(repeating: 7, count: size).withUnsafeBytes { pending.append($0) }
        pending.commit()
    }

    @Test("a pending entry is invisible until committed, and a discarded one leaves no file")
    func pendingEntries() throws {
        let folder = try TemporaryDirectory("transcode-cache")
        defer { folder.remove() }
        let cache = try TranscodeCache(directory: folder.url, limit: 1_000_000)
        let pending = try #require(cache.begin("1-a.opus"))
        Data(repeating: 1, count: 100).withUnsafeBytes { pending.append($0) }
        #expect(cache.lookup("1-a.opus") == nil)
        pending.discard()
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).isEmpty)
        try put(cache, "1-a.opus", size: 100)
        let path = try #require(cache.lookup("1-a.opus"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)).count == 100)
    }

    @Test("past the limit the least recently used go first; a lookup counts as a use")
    func eviction() throws {
        let folder = try TemporaryDirectory("transcode-cache")
        defer { folder.remove() }
        let cache = try TranscodeCache(directory: folder.url, limit: 250)
        try put(cache, "a", size: 100)
        try put(cache, "b", size: 100)
        #expect(cache.lookup("a") != nil)  // a is now more recent than b
        try put(cache, "c", size: 100)
        #expect(cache.lookup("b") == nil)
        #expect(cache.lookup("a") != nil && cache.lookup("c") != nil)
        #expect(cache.totalSize == 200)
        #expect(!FileManager.default.fileExists(atPath: folder.path("b")))
    }

    @Test("a restarted cache finds its entries and drops partial files a stopped server left")
    func reopening() throws {
        let folder = try TemporaryDirectory("transcode-cache")
        defer { folder.remove() }
        try put(try TranscodeCache(directory: folder.url, limit: 1000), "kept", size: 10)
        try folder.write(TranscodeCache.temporaryPrefix + "x-kept2", Data(count: 10))
        let reopened = try TranscodeCache(directory: folder.url, limit: 1000)
        #expect(reopened.lookup("kept") != nil)
        #expect(reopened.totalSize == 10)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == ["kept"])
    }
}
