import Foundation
@testable import LibraryServices
import Testing
import TestSupport

@Suite("Resized covers are cached on disk")
struct CoverCacheTests {
    @Test("a second request is a cache hit: no second decode, same bytes")
    func hit() async throws {
        let library = try await ArtworkTestLibrary()
        defer { library.remove() }
        let (service, cache, counter) = library.cachedService()
        let id = try library.id("alac.m4a")
        let first = try await service.cover(for: .track(id), size: 64)
        let second = try await service.cover(for: .track(id), size: 64)
        #expect(counter.value == 1)
        #expect(first == second)
        #expect(ImageInfo.dimensions(of: second.data)! == (64, 43))
        // A size in the same step shares the entry; another step is another entry; the album
        // shares the track's source, so its entry too.
        #expect(try await service.cover(for: .track(id), size: 32) == first)
        _ = try await service.cover(for: .track(id), size: 100)
        _ = try await service.cover(for: .album(try #require(library.tracks["alac.m4a"]?.albumID)), size: 64)
        #expect(counter.value == 2)
        #expect(try FileManager.default.contentsOfDirectory(atPath: cache.directory.path).count == 2)
    }

    @Test("a changed cover file is a new key: the stale image is not served")
    func invalidation() async throws {
        let library = try await ArtworkTestLibrary()
        defer { library.remove() }
        let (service, cache, counter) = library.cachedService()
        let id = try library.id("alac.m4a")
        _ = try await service.cover(for: .track(id), size: 64)
        #expect(try FileManager.default.contentsOfDirectory(atPath: cache.directory.path).count == 1)
        // Overwrite Folder.JPG in place with the PNG's bytes: same path, new size and mtime.
        try library.folder.write("music/Folder/Folder.JPG", try Data(contentsOf: Fixtures.url("covers/alpha.png")))
        let changed = try await service.cover(for: .track(id), size: 64)
        #expect(counter.value == 2)
        #expect(changed.format == .png)
    }

    @Test("over the cap, the least recently used files are evicted")
    func eviction() throws {
        let folder = try TemporaryDirectory("cover-cache")
        defer { folder.remove() }
        let cache = CoverCache(directory: folder.url, capacity: 2500)
        let image = { (byte: UInt8) in Artwork(data: Data(repeating: byte, count: 1000), format: .jpeg) }
        cache.store(image(1), for: "a")
        cache.store(image(2), for: "b")
        let old = Date(timeIntervalSinceNow: -60)
        for key in ["a", "b"] {
            try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: cache.fileURL(key, .jpeg).path)
        }
        #expect(cache.artwork(for: "a") == image(1))   // "a" is now the most recently used
        cache.store(image(3), for: "c")
        #expect(cache.artwork(for: "b") == nil)
        #expect(cache.artwork(for: "a") == image(1))
        #expect(cache.artwork(for: "c") == image(3))
    }
}
