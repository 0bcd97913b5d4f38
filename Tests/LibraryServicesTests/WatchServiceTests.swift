import Foundation
import LibraryCore
import LibraryServices
import Testing
import TestSupport

@Suite("Watching libraries")
struct WatchServiceTests {
    @Test func newFileInASubfolderIsAdded() async throws {
        let harness = try await WatchHarness()
        harness.start()
        #expect(await eventually { harness.modes.count == 1 })
        #expect(harness.modes == [.notified(folders: 3)])

        try harness.write("Artist/Album/02.mp3", title: "Two")

        // The sync is reported after its last batch is committed.
        #expect(await eventually { harness.syncs.count == 1 })
        #expect(try await harness.titles() == ["One", "Two"])
        let sync = try #require(harness.syncs.first)
        #expect(sync.summary.added == 1)
        #expect(sync.relativeFolder == "Artist/Album")
        await harness.remove()
    }

    @Test func deletedFileBecomesMissing() async throws {
        let harness = try await WatchHarness(files: ["A/1.mp3": "One", "A/2.mp3": "Two"])
        harness.start()
        #expect(await eventually { !harness.modes.isEmpty })

        try FileManager.default.removeItem(atPath: harness.folder.path("A/2.mp3"))

        #expect(await eventually { harness.syncs.count == 1 })
        #expect(try await harness.missingTitles() == ["Two"])
        #expect(try await harness.titles() == ["One"])
        #expect(harness.syncs.first?.summary.missing == 1)
        await harness.remove()
    }

    @Test func deletedFolderSyncsItsParent() async throws {
        let harness = try await WatchHarness(files: ["A/X/1.mp3": "One", "A/Y/2.mp3": "Two"])
        harness.start()
        #expect(await eventually { !harness.modes.isEmpty })

        try FileManager.default.removeItem(atPath: harness.folder.path("A/Y"))

        #expect(await eventually { harness.syncs.count == 1 })
        #expect(try await harness.missingTitles() == ["Two"])
        #expect(harness.syncs.first?.relativeFolder == "A")
        await harness.remove()
    }

    @Test func newSubfolderIsWatchedToo() async throws {
        let harness = try await WatchHarness()
        harness.start()
        #expect(await eventually { !harness.modes.isEmpty })

        try harness.write("New/Deep/1.mp3", title: "Fresh")
        #expect(await eventually { harness.syncs.count == 1 })
        #expect(try await harness.titles() == ["Fresh", "One"])

        // Only the new folder's own watch can see this one.
        try harness.write("New/Deep/2.mp3", title: "Fresher")
        #expect(await eventually { harness.syncs.count == 2 })
        #expect(try await harness.titles() == ["Fresh", "Fresher", "One"])
        #expect(harness.syncs.last?.relativeFolder == "New/Deep")
        await harness.remove()
    }

    @Test func aBurstOfWritesIsSyncedOnce() async throws {
        let harness = try await WatchHarness(files: ["Artist/A/1.mp3": "One", "Artist/B/2.mp3": "Two"])
        harness.start(WatchOptions(debounce: 0.5))
        #expect(await eventually { !harness.modes.isEmpty })

        for index in 0..<10 {
            try harness.write("Artist/\(index % 2 == 0 ? "A" : "B")/new\(index).mp3", title: "New \(index)")
        }

        #expect(await eventually { harness.syncs.count == 1 })
        #expect(try await harness.titles().count == 12)
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
        #expect(await eventually { !harness.modes.isEmpty })

        try FileManager.default.moveItem(atPath: harness.folder.path("A/X/1.mp3"), toPath: harness.folder.path("A/Y/1.mp3"))

        #expect(await eventually { harness.syncs.first?.summary.moved == 1 })
        let after = try #require(try await harness.services.library.track(id: before.id))
        #expect(after.path.text.hasSuffix("A/Y/1.mp3"))
        #expect(after.missingSince == nil)
        await harness.remove()
    }

    @Test func periodicModePicksUpChangesWithinItsInterval() async throws {
        let harness = try await WatchHarness()
        harness.start(WatchOptions(debounce: 0.2, interval: 0.5, forcePeriodic: true))
        #expect(await eventually { !harness.modes.isEmpty })
        #expect(harness.modes == [.periodic(interval: 0.5, reason: "periodic rescans were asked for")])

        try harness.write("Artist/Album/02.mp3", title: "Two")

        #expect(await eventually(timeout: .seconds(5)) { harness.syncs.contains { $0.summary.added == 1 } })
        #expect(try await harness.titles() == ["One", "Two"])
        #expect(harness.syncs.allSatisfy { $0.relativeFolder == "" })
        await harness.remove()
    }

    @Test func stoppedWatchRunsNoMoreScans() async throws {
        let harness = try await WatchHarness()
        harness.start()
        #expect(await eventually { !harness.modes.isEmpty })

        await harness.stop()
        #expect(await eventually { harness.ended })
        try harness.write("Artist/Album/02.mp3", title: "Two")
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
        let events = Task { () -> [WatchEvent] in
            var seen: [WatchEvent] = []
            do { for try await event in session.events { seen.append(event) } } catch {}
            return seen
        }
        try await Task.sleep(for: .milliseconds(300))
        // Two files a folder, four a batch: a batch is two folders.
        for index in 1...120 { try folder.write("A/\((index + 1) / 2)/\(index).mp3", FakeTagReader.file(FakeTagReader.track("T\(index)"))) }
        #expect(await eventually { (try? await services.library.tracks(ListRequest()).count) ?? 0 > 1 })

        await session.stop()

        // Stopped mid-sync: whole batches only, and nothing is written afterwards.
        let count = try await services.library.tracks(ListRequest()).count
        #expect((count - 1) % 4 == 0)
        #expect(count < 121)
        try await Task.sleep(for: .milliseconds(300))
        #expect(try await services.library.tracks(ListRequest()).count == count)
        let seen = await events.value
        #expect(!seen.contains { if case .synced = $0 { true } else { false } })
    }

    @Test func unknownLibraryFailsNamingTheKnownOnes() async throws {
        let harness = try await WatchHarness()
        harness.start(libraries: ["Nope"])
        #expect(await eventually { harness.ended })
        let error = try #require(harness.error as? LibraryError)
        #expect(error.code == .notFound)
        #expect(error.message.contains("Music"))
        await harness.remove()
    }

    @Test func noLibrariesFails() async throws {
        let harness = try await WatchHarness(files: [:])
        harness.start()
        #expect(await eventually { harness.ended })
        let error = try #require(harness.error as? LibraryError)
        #expect(error.message.contains("kanora scan"))
        await harness.remove()
    }
}
