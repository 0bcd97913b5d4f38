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
        let harness = try await WatchHarness(files: ["Artist/A/1.mp3": "One", "Artist/B/2.mp3": "Two", "Other/3.mp3": "Three"])
        harness.start(WatchOptions(debounce: 0.5))
        try await Wait.until("the watch to start") { !harness.modes.isEmpty }

        for index in 0..<10 {
            try harness.write("Artist/\(index % 2 == 0 ? "A" : "B")/new\(index).mp3", title: "New \(index)")
        }

        try await Wait.until("the first sync") { harness.syncs.count == 1 }
        #expect(try await harness.titles().count == 13)
        // Then a change in another folder, synced after anything the burst could still
        // cause: a second sync of the burst would come before it, or be merged into it
        // (then the folder synced would be the library's root, not Other).
        try harness.write("Other/4.mp3", title: "Four")
        try await Wait.until("the change elsewhere to be synced") { harness.syncs.count == 2 }
        #expect(harness.scanner.count == 2)
        #expect(harness.syncs.map(\.relativeFolder) == ["Artist", "Other"])
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

    @Test func periodicModeRescansTheRootAndPicksUpChanges() async throws {
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

        let folders = harness.folderInodes()
        #expect(!WatchHarness.watchedInodes().isDisjoint(with: folders), "the running watch's folders are not seen as watched")

        await harness.stop()
        try await Wait.until("the watch to end") { harness.ended }
        // Its sync task has returned, and once no inotify watch is left on the library's
        // folders, no change there can start a scan.
        try await Wait.until("the library's folders to be watched no more") { WatchHarness.watchedInodes().isDisjoint(with: folders) }
        try harness.write("Artist/Album/02.mp3", title: "Two")

        #expect(harness.scanner.count == 0)
        #expect(try await harness.titles() == ["One"])
        harness.folder.remove()
    }

    @Test func stoppingDuringASyncWaitsForItsBatch() async throws {
        let folder = try TemporaryDirectory("watch-stop")
        defer { folder.remove() }
        let reader = FakeTagReader(delay: .milliseconds(50))
        // The scan lock (outside the library) makes a later scan start after the stopped one has ended.
        let lockFolder = try TemporaryDirectory("watch-stop-lock")
        defer { lockFolder.remove() }
        let services = try ServiceContainer.inMemory(reader: reader, scanFiles: ScanFiles(lock: lockFolder.url.appendingPathComponent("lock")))
        try folder.write("A/0.mp3", FakeTagReader.file(FakeTagReader.track("Zero")))
        _ = try await services.scanner.run(folder.url.path, name: "Music")
        let session = services.watcher.watch(WatchRequest(options: WatchOptions(debounce: 0.5, scan: ScanOptions(batchSize: 4))))
        let seen = Shared<[WatchEvent]>([])
        let events = Task(executorPreference: TestExecutor.shared) {
            do { for try await event in session.events { seen.set(seen.read() + [event]) } } catch {}
        }
        try await Wait.until("the watch to start") { seen.read().contains { if case .watching = $0 { true } else { false } } }
        // Two files a folder, four a batch: a batch is two folders.
        for index in 1...120 { try folder.write("A/\((index + 1) / 2)/\(index).mp3", FakeTagReader.file(FakeTagReader.track("T\(index)"))) }
        try await Wait.until("the sync to write its first batch") { (try? await services.library.tracks(ListRequest()).count) ?? 0 > 1 }

        await session.stop()

        // Stopped mid-sync: whole batches only.
        let count = try await services.library.tracks(ListRequest()).count
        #expect((count - 1) % 4 == 0)
        #expect(count < 121)
        try await Wait.bounded("the stopped watch's events to end") { await events.value }
        #expect(!seen.read().contains { if case .synced = $0 { true } else { false } })
        // Nothing was written afterwards: the next scan, which starts once the stopped one has
        // let go of the lock, finds exactly the tracks counted then.
        let (rest, _) = try await services.scanner.run(folder.url.path)
        #expect(rest.added == 121 - count)
        #expect(try await services.library.tracks(ListRequest()).count == 121)
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
