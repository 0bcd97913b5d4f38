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

@Suite("A cache build returns what it frees at once")
struct FreeMemoryWhileBuildingTests {
    @Test func arenasDecayAtOnceWhileABuildRunsAndAsBeforeAfterIt() async throws {
        let before = FreeMemory.snapshot()
        #expect(before.decay?.contains { $0 != nil } == true, "jemalloc has arenas in use")
        let during = await FreeMemory.returningFreedMemory { FreeMemory.snapshot() }
        #expect(during.builds >= 1)
        #expect(during.decay?.compactMap { $0 }.allSatisfy { $0 == 0 } == true)
        let after = FreeMemory.snapshot()
        // Other suites build caches meanwhile: with none running, the times are back.
        if before.builds == 0 && after.builds == 0 {
            #expect(after.decay == before.decay)
        }
        if after.builds == 0 {
            #expect(after.decay?.compactMap { $0 }.contains { $0 > 0 } == true, "decay is not left at 0")
        }
    }
}
