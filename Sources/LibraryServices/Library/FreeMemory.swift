#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// Gives the memory the allocator keeps free back to the system during and after one-off
/// work over the whole library (an index or list built for a cache), which frees more than
/// requests reuse soon.
///
/// jemalloc (which the `kanora` executable links) keeps freed pages for a while
/// (`dirty_decay_ms`) and only lets them go as later allocations tick its clock. Building the
/// artist index at a million tracks grows arrays by doubling, and each outgrown buffer stayed
/// resident: the first getArtists peaked 5 MB above what it held. Purging always
/// (`dirty_decay_ms:0`) cost a third of search3's throughput; purging while a cache is built
/// costs a few `madvise` calls per build.
enum FreeMemory {
    /// What `release` did.
    enum Released: Equatable {
        /// jemalloc's arenas were purged.
        case purged
        /// glibc's malloc was trimmed (no jemalloc found).
        case trimmed
        /// jemalloc refused: its status code.
        case failed(Int32)
    }

    /// How many bodies run, and the decay times the arenas had before the first began.
    private static let running = Mutex<(count: Int, decay: [Int?])>((0, []))

    /// `body`, with memory freed meanwhile going back to the system at once (jemalloc's
    /// decay time set to 0 in every arena, then set back, which purges what is left free).
    /// Allocators are looked up in `library` (a `dlopen` handle; by default anything loaded).
    static func returningFreedMemory<T>(
        in library: UnsafeMutableRawPointer? = nil, _ body: () async throws -> T
    ) async rethrows -> T {
        let jemalloc = Jemalloc.found(in: library)
        if let jemalloc {
            running.withLock { running in
                if running.count == 0 { running.decay = jemalloc.swapDecay(to: nil) }
                running.count += 1
            }
        }
        defer {
            if let jemalloc {
                running.withLock { running in
                    running.count -= 1
                    if running.count == 0 { _ = jemalloc.swapDecay(to: running.decay) }
                }
            }
        }
        // Setting the decay times back purges what the build left free; the cache releases
        // again once its value is stored (and any it replaces is freed).
        return try await body()
    }

    /// How many builds run and jemalloc's dirty decay time in each arena (nil for one not in
    /// use; nil without jemalloc), read together (for tests).
    static func snapshot() -> (builds: Int, decay: [Int?]?) {
        running.withLock { running in (running.count, Jemalloc.found(in: nil)?.decayTimes) }
    }

    /// Releases the free memory of every allocator arena: jemalloc's if it is found in
    /// `library`, else glibc's (`malloc_trim`).
    @discardableResult
    static func release(in library: UnsafeMutableRawPointer? = nil) -> Released {
        guard let jemalloc = Jemalloc.found(in: library) else {
            // glibc's `malloc_trim(0)`, looked up too: Swift's Glibc module does not declare it.
            if let trim = dlsym(nil, "malloc_trim") {
                _ = unsafeBitCast(trim, to: (@convention(c) (Int) -> Int32).self)(0)
            }
            return .trimmed
        }
        // MALLCTL_ARENAS_ALL (4096): every arena.
        let status = jemalloc.control("arena.4096.purge")
        return status == 0 ? .purged : .failed(status)
    }

    /// jemalloc's `mallctl`, found by name.
    private struct Jemalloc {
        typealias Mallctl = @convention(c) (
            UnsafePointer<CChar>?, UnsafeMutableRawPointer?, UnsafeMutablePointer<Int>?, UnsafeMutableRawPointer?, Int
        ) -> Int32
        let mallctl: Mallctl

        /// The process's jemalloc, looked up once.
        private static let loaded = Jemalloc(nil)

        /// jemalloc in `library` (nil: anything loaded, looked up once for the process).
        static func found(in library: UnsafeMutableRawPointer?) -> Jemalloc? {
            library == nil ? loaded : Jemalloc(library)
        }

        private init?(_ library: UnsafeMutableRawPointer?) {
            guard let symbol = dlsym(library, "mallctl") else { return nil }
            mallctl = unsafeBitCast(symbol, to: Mallctl.self)
        }

        func control(_ name: String) -> Int32 {
            mallctl(name, nil, nil, nil, 0)
        }

        /// Sets each arena's dirty decay time to `decay`'s entry (0 for all if nil; setting
        /// it purges what is free; a nil entry is left alone) and returns the times they had
        /// (nil for an arena not in use, whose time cannot be read or set).
        func swapDecay(to decay: [Int?]?) -> [Int?] {
            (0..<arenaCount).map { arena in
                guard let new = decay.map({ arena < $0.count ? $0[arena] : nil }) ?? 0 else { return nil }
                return self.decay(of: arena, setting: new)
            }
        }

        /// Each arena's dirty decay time (nil for an arena not in use).
        var decayTimes: [Int?] {
            (0..<arenaCount).map { decay(of: $0, setting: nil) }
        }

        /// Arena `arena`'s dirty decay time, set to `new` if given (the time before); nil
        /// when the arena is not in use.
        private func decay(of arena: Int, setting new: Int?) -> Int? {
            var old = 0
            var oldLength = MemoryLayout<Int>.size
            let name = "arena.\(arena).dirty_decay_ms"
            guard var new else { return mallctl(name, &old, &oldLength, nil, 0) == 0 ? old : nil }
            return mallctl(name, &old, &oldLength, &new, MemoryLayout<Int>.size) == 0 ? old : nil
        }

        private var arenaCount: Int {
            var arenas: UInt32 = 0
            var length = MemoryLayout<UInt32>.size
            return mallctl("arenas.narenas", &arenas, &length, nil, 0) == 0 ? Int(arenas) : 0
        }
    }
}
