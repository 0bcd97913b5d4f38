import LibraryServices
@testable import LibraryViewModels
import Testing
import TestKit
import TestSupport

/// How view models turn change events into reloads (`observe`), on a stream the test owns.
@Suite("Change observer")
struct ChangeObserverTests {
    @Test func aBurstOfEventsDuringAReloadCausesOneMoreReloadNotOnePerEvent() async throws {
        let (events, input) = AsyncStream.makeStream(of: LibraryEvent.self)
        let sentinel = LibraryEvent.playlistsChanged(playlistID: nil)
        let reloads = Shared(0)
        let burstSeen = Shared(false)
        let observing = observe(events, isRelevant: { event in
            // Irrelevant, and sent after the burst: once it is seen, so was every event before it.
            if event == sentinel {
                burstSeen.set(true)
                return false
            }
            return true
        }, reload: {
            // One reload runs at a time: this count is not raced.
            reloads.set(reloads.read() + 1)
            // The first reload lasts until the burst has been seen.
            if reloads.read() == 1 { try? await Wait.until("the burst to be seen") { burstSeen.read() } }
        })

        input.yield(.tracksChanged(libraryID: 1))
        try await Wait.until("the first reload to start") { reloads.read() == 1 }
        // Distinct events, so the coalescing seen is the observer's own.
        for id in 1...10 { input.yield(.tracksChanged(libraryID: Int64(id))) }
        input.yield(sentinel)
        input.finish()

        // The observation ends after the last reload it owes: every reload has been counted.
        try await Wait.bounded("the observation to end") { await observing.value }
        #expect(reloads.read() == 2)
    }

    @Test func irrelevantEventsCauseNoReload() async throws {
        let (events, input) = AsyncStream.makeStream(of: LibraryEvent.self)
        let reloads = Shared(0)
        let observing = observe(events, isRelevant: { $0 == .librariesChanged }, reload: { reloads.set(reloads.read() + 1) })
        input.yield(.playlistsChanged(playlistID: 1))
        input.yield(.librariesChanged)
        input.yield(.tracksChanged(libraryID: nil))
        input.finish()
        try await Wait.bounded("the observation to end") { await observing.value }
        #expect(reloads.read() == 1)
    }
}
