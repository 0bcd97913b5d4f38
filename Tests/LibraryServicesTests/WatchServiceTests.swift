import Foundation
import LibraryCore
import LibraryServices
import Testing
import TestKit
import TestSupport

@Suite("Watching libraries")
struct WatchServiceTests {
    @Test func newFileInASubfolderIsAdded() async throws {
        let harness = try await WatchHarness()
        harness.start()
        try await Wait.until("the watch to start") { harness.modes.count == 1 }
        #expect(harness.modes == [.notified(folders: 3)])

        try harness.write("Artist/Album/02.mp3", title: "Two")

        // The sync is reported after its last batch is committed.
        try await Wait.until("the first sync") { harness.syncs.count == 1 }
        #expect(try await harness.titles() == ["One", "Two"])
        let sync = try #require(harness.syncs.first)
        #expect(sync.summary.added == 1)
        #expect(sync.relativeFolder == "Artist/Album")
        await harness.remove()
    }

    @Test func deletedFileBecomesMissing() async throws {
        let harness = try await WatchHarness(files: ["A/1.mp3": "One", "A/2.mp3": "Two"])
        harness.start()
        try await Wait.until("the watch to start") { !harness.modes.isEmpty }

        try FileManager.default.removeItem(atPath: harness.folder.path("A/2.mp3"))

        try await Wait.until("the first sync") { harness.syncs.count == 1 }
        #expect(try await harness.missingTitles() == ["Two"])
        #expect(try await harness.titles() == ["One"])
        #expect(harness.syncs.first?.summary.missing == 1)
        await harness.remove()
    }

    @Test func deletedFolderSyncsItsParent() async throws {
        let harness = try await WatchHarness(files: ["A/X/1.mp3": "One", "A/Y/2.mp3": "Two"])
        harness.start()
        try await Wait.until("the watch to start") { !harness.modes.isEmpty }

        try FileManager.default.removeItem(atPath: harness.folder.path("A/Y"))

        try await Wait.until("the first sync") { harness.syncs.count == 1 }
        #expect(try await harness.missingTitles() == ["Two"])
        #expect(harness.syncs.first?.relativeFolder == "A")
        await harness.remove()
    }

    @Test func newSubfolderIsWatchedToo() async throws {
        let harness = try await WatchHarness()
        harness.start()
        try await Wait.until("the watch to start") { !harness.modes.isEmpty }

        try harness.write("New/Deep/1.mp3", title: "Fresh")
        try await Wait.until("the first sync") { harness.syncs.count == 1 }
        #expect(try await harness.titles() == ["Fresh", "One"])

        // Only the new folder's own watch can see this one.
        try harness.write("New/Deep/2.mp3", title: "Fresher")
        try await Wait.until("the second sync") { harness.syncs.count == 2 }
        #expect(try await harness.titles() == ["Fresh", "Fresher", "One"])
        #expect(harness.syncs.last?.relativeFolder == "New/Deep")
        await harness.remove()
    }

    @Test func aBurstOfWritesIsSyncedOnce() async throws {
        let harness = try await WatchHarness(files: ["Artist/A/1.mp3": "One", "Artist/B/2.mp3": "Two"])
        harness.start(WatchOptions(debounce: 0.5))
        try await Wait.until("the watch to start") { !harness.modes.isEmpty }

        for index in 0..<10 {
            try harness.write("Artist/\(index % 2 == 0 ? "A" : "B")/new\(index).mp3", title: "New \(index)")
        }

        try await Wait.until("the first sync") { harness.syncs.count == 1 }
        #expect(try await harness.titles().count == 12)
        // A fixed sleep on purpose: no event says "no second scan will come".
        try await Task.sleep(for: .seconds(1))
        #expect(harness.scanner.count == 1)
        #expect(harness.syncs.map(\.relativeFolder) == ["Artist"])
        #expect(harness.syncs.first?.summary.added == 10)
        await harness.remove()
    }

    @Test func aFileMovedBetweenFoldersKeepsItsID() async throws {
        let harness = try await WatchHarness(files: ["A/X/1.mp3": "One", "A/Y/2.mp3": "Two"])
        let before = try #require(try await harness.services.library.tracks(ListRequest()).first { $0.title == "One" })
        harness.start()
        try await Wait.until("the watch to start") { !harness.modes.isEmpty }

        try FileManager.default.moveItem(atPath: harness.folder.path("A/X/1.mp3"), toPath: harness.folder.path("A/Y/1.mp3"))

        try await Wait.until("a sync that moves the file") { harness.syncs.first?.summary.moved == 1 }
        let after = try #require(try await harness.services.library.track(id: before.id))
        #expect(after.path.text.hasSuffix("A/Y/1.mp3"))
        #expect(after.missingSince == nil)
        await harness.remove()
    }

    @Test func periodicModePicksUpChangesWithinItsInterval() async throws {
        let harness = try await WatchHarness()
        harness.start(WatchOptions(debounce: 0.2, interval: 0.5, forcePeriodic: true))
        try await Wait.until("the watch to start") { !harness.modes.isEmpty }
        #expect(harness.modes == [.periodic(interval: 0.5, reason: "periodic rescans were asked for")])

        try harness.write("Artist/Album/02.mp3", title: "Two")

        try await Wait.until("a sync that adds the file") { harness.syncs.contains { $0.summary.added == 1 } }
        #expect(try await harness.titles() == ["One", "Two"])
        #expect(harness.syncs.allSatisfy { $0.relativeFolder == "" })
        await harness.remove()
    }

    @Test func stoppedWatchRunsNoMoreScans() async throws {
        let harness = try await WatchHarness()
        harness.start()
        try await Wait.until("the watch to start") { !harness.modes.isEmpty }

        await harness.stop()
        try await Wait.until("the watch to end") { harness.ended }
        try harness.write("Artist/Album/02.mp3", title: "Two")
        // A fixed sleep on purpose: it checks that nothing happens.
        try await Task.sleep(for: .seconds(1))

        #expect(harness.scanner.count == 0)
        #expect(try await harness.titles() == ["One"])
        harness.folder.remove()
    }

    @Test func stoppingDuringASyncWaitsForItsBatch() async throws {
        let folder = try TemporaryDirectory("watch-stop")
        defer { folder.remove() }
        let reader = FakeTagReader(delay: .milliseconds(50))
        let services = try ServiceContainer.inMemory(reader: reader)
        try folder.write("A/0.mp3", FakeTagReader.file(FakeTagReader.track("Zero")))
        _ = try await services.scanner.run(folder.url.path, name: "Music")
        let session = services.watcher.watch(WatchRequest(options: WatchOptions(debounce: 0.5, scan: ScanOptions(batchSize: 4))))
        let seen = Shared<[WatchEvent]>([])
        let events = Task {
            do { for try await event in session.events { seen.set(seen.read() + [event]) } } catch {}
        }
        try await Wait.until("the watch to start") { seen.read().contains { if case .watching = $0 { true } else { false } } }
        // Two files a folder, four a batch: a batch is two folders.
        for index in 1...120 { try folder.write("A/\((index + 1) / 2)/\(index).mp3", FakeTagReader.file(FakeTagReader.track("T\(index)"))) }
        try await Wait.until("the sync to write its first batch") { (try? await services.library.tracks(ListRequest()).count) ?? 0 > 1 }

        await session.stop()

        // Stopped mid-sync: whole batches only, and nothing is written afterwards.
        let count = try await services.library.tracks(ListRequest()).count
        #expect((count - 1) % 4 == 0)
        #expect(count < 121)
        // A fixed sleep on purpose: it checks that nothing more is written.
        try await Task.sleep(for: .milliseconds(300))
        #expect(try await services.library.tracks(ListRequest()).count == count)
        try await Wait.bounded("the stopped watch's events to end") { await events.value }
        #expect(!seen.read().contains { if case .synced = $0 { true } else { false } })
    }

    @Test func unknownLibraryFailsNamingTheKnownOnes() async throws {
        let harness = try await WatchHarness()
        harness.start(libraries: ["Nope"])
        try await Wait.until("the watch to end") { harness.ended }
        let error = try #require(harness.error as? LibraryError)
        #expect(error.code == .notFound)
        #expect(error.message.contains("Music"))
        await harness.remove()
    }

    @Test func noLibrariesFails() async throws {
        let harness = try await WatchHarness(files: [:])
        harness.start()
        try await Wait.until("the watch to end") { harness.ended }
        let error = try #require(harness.error as? LibraryError)
        #expect(error.message.contains("kanora scan"))
        await harness.remove()
    }
}
