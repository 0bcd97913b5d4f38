import Foundation
import LibraryCore
@testable import LibraryServices
import Testing
import TestKit
import TestSupport

/// Resizing is bounded: sizes are rounded up to a few steps, so any number of asked sizes
/// makes at most one cached image per step, and only so many resizes run at once.
@Suite("Cover resizing is bounded")
struct CoverResizeTests {
    @Test("sizes round up to 64, 128, 256, 512, 1024; above that the original is sent")
    func steps() {
        let cases: [(Int, Int?)] = [(1, 64), (64, 64), (65, 128), (128, 128), (200, 256), (256, 256), (257, 512),
                                    (1000, 1024), (1024, 1024), (1025, nil), (100_000, nil)]
        for (size, step) in cases { #expect(LiveArtworkService.step(for: size) == step, "\(size)") }
    }

    @Test("a thousand sizes of one 300×200 cover: three resizes, three cache entries, the original above 256")
    func manySizesFewEntries() async throws {
        let library = try await ArtworkTestLibrary()
        defer { library.remove() }
        let (service, cache, counter) = library.cachedService()
        let id = try library.id("alac.m4a")
        let original = try await service.cover(for: .track(id), size: nil)
        for size in Array(1...1000) + [1023, 1024, 1025, 4096, Int(Int32.max)] {
            let cover = try await service.cover(for: .track(id), size: size)
            let (width, _) = try #require(ImageInfo.dimensions(of: cover.data))
            let expected = min(300, LiveArtworkService.step(for: size) ?? 300)
            #expect(width == expected, "size \(size)")
            if width == 300 { #expect(cover == original, "size \(size)") }
        }
        // 64, 128 and 256 resize; the image already fits 512 and 1024, which send the original.
        #expect(counter.value == 3)
        #expect(try FileManager.default.contentsOfDirectory(atPath: cache.directory.path).count == 3)
    }

    @Test("concurrent requests never run more resizes at once than the limit, and do use it")
    func concurrencyIsBounded() async throws {
        let library = try await ArtworkTestLibrary()
        defer { library.remove() }
        let requests = 12
        let gauge = ConcurrencyGauge(limit: 2, total: requests)
        // No cache, so every request resizes.
        let service = LiveArtworkService(database: library.database, cache: nil, resizeLimit: 2) { data, size throws(LibraryError) in
            gauge.enter()
            defer { gauge.leave() }
            return try ImageResizer.fit(data, in: size)
        }
        gauge.queued = { service.resizes.waiting }
        let id = try library.id("alac.m4a")
        let sizes = try await Wait.bounded("\(requests) concurrent resizes") {
            try await withThrowingTaskGroup(of: Int.self) { group in
                for _ in 0..<requests {
                    group.addTask { ImageInfo.dimensions(of: try await service.cover(for: .track(id), size: 64).data)?.width ?? 0 }
                }
                return try await group.reduce(into: [Int]()) { $0.append($1) }
            }
        }
        #expect(sizes == Array(repeating: 64, count: requests))
        #expect(gauge.entered == requests)
        #expect(gauge.highest == 2)
        #expect(!gauge.timedOut, "resizes waited for requests that never queued for a permit")
    }
}

/// Counts resizes running at once. Each one waits inside until more than `limit` run (a
/// bound broken: recorded) or every request not yet resizing waits for a permit (`queued`),
/// so resizes that could overlap do overlap. The wait polls and is bounded: a service
/// whose requests never queue times out, and says so, instead of hanging.
final class ConcurrencyGauge: @unchecked Sendable {
    private let condition = NSCondition()
    private let limit: Int
    private let total: Int
    private var running = 0
    private var started = 0
    private var peak = 0
    private var gaveUp = false
    /// How many requests wait for a permit now (set before the requests start).
    var queued: @Sendable () -> Int = { 0 }

    init(limit: Int, total: Int) {
        self.limit = limit
        self.total = total
    }

    /// A resize starts; returns once more than `limit` run, every other request is
    /// resizing or queued, or 30 s passed.
    func enter() {
        condition.lock()
        defer { condition.unlock() }
        running += 1
        started += 1
        peak = max(peak, running)
        condition.broadcast()
        let deadline = Date(timeIntervalSinceNow: 30)
        while running <= limit && queued() < total - started {
            guard Date() < deadline else {
                gaveUp = true
                return
            }
            _ = condition.wait(until: Date(timeIntervalSinceNow: 0.02))
        }
    }

    /// A resize ends.
    func leave() {
        condition.lock()
        running -= 1
        condition.broadcast()
        condition.unlock()
    }

    /// The most resizes that ran at once.
    var highest: Int { condition.lock(); defer { condition.unlock() }; return peak }
    /// How many resizes started.
    var entered: Int { condition.lock(); defer { condition.unlock() }; return started }
    /// Whether a resize stopped waiting at the deadline.
    var timedOut: Bool { condition.lock(); defer { condition.unlock() }; return gaveUp }
}
