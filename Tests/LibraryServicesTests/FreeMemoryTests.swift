#if canImport(Glibc)
import Glibc
#endif
@testable import LibraryServices
import Testing

@Suite("Free memory goes back to the system after a cache is built")
struct FreeMemoryTests {
    @Test func jemallocsArenasArePurged() {
        // The test bundle links Debian's libjemalloc as the kanora executable does: the
        // control `release` sends must be one jemalloc knows.
        #expect(FreeMemory.release() == .purged)
    }

    @Test func withoutJemallocGlibcIsTrimmed() throws {
        // Looked up in glibc alone, where no `mallctl` is.
        let libc = try #require(dlopen("libc.so.6", RTLD_NOW))
        defer { dlclose(libc) }
        #expect(FreeMemory.release(in: libc) == .trimmed)
    }
}
