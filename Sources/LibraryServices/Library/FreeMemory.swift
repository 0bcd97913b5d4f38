#if canImport(Glibc)
import Glibc
#endif

/// Gives the memory the allocator keeps free back to the system, after one-off work over the
/// whole library (an index or list built for a cache) freed more than requests reuse soon.
///
/// jemalloc (which the `kanora` executable links) keeps freed pages for a while
/// (`dirty_decay_ms`) and only lets them go as later allocations tick its clock: at a
/// million tracks the first getArtists left 5 MB of them resident for as long as the server
/// was idle, on top of its peak. Purging them always (`dirty_decay_ms:0`) cost a third of
/// search3's throughput; purging after a cache is built costs a few `madvise` calls.
enum FreeMemory {
    /// What `release` did.
    enum Released: Equatable {
        /// jemalloc's arenas were purged.
        case purged
        /// glibc's malloc was trimmed (no jemalloc in this process).
        case trimmed
        /// jemalloc refused: its status code.
        case failed(Int32)
    }

    private typealias Mallctl = @convention(c) (
        UnsafePointer<CChar>?, UnsafeMutableRawPointer?, UnsafeMutablePointer<Int>?, UnsafeMutableRawPointer?, Int
    ) -> Int32
    private typealias MallocTrim = @convention(c) (Int) -> Int32

    /// Releases the free memory of every allocator arena: through jemalloc's `mallctl` if it
    /// is found in `library` (a `dlopen` handle; by default anything loaded), else glibc's
    /// `malloc_trim`.
    @discardableResult
    static func release(in library: UnsafeMutableRawPointer? = nil) -> Released {
        guard let symbol = dlsym(library, "mallctl") else {
            // glibc's `malloc_trim(0)`, looked up too: Swift's Glibc module does not declare it.
            if let trim = dlsym(nil, "malloc_trim") {
                _ = unsafeBitCast(trim, to: MallocTrim.self)(0)
            }
            return .trimmed
        }
        let mallctl = unsafeBitCast(symbol, to: Mallctl.self)
        // MALLCTL_ARENAS_ALL (4096): every arena.
        let status = mallctl("arena.4096.purge", nil, nil, nil, 0)
        return status == 0 ? .purged : .failed(status)
    }
}
