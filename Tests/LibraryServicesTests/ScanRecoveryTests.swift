import Foundation
import LibraryCore
@testable import LibraryServices
import LibraryStorage
import TestKit
import TestSupport
import Testing

@Suite("Crash journal, interrupted scans and the scan lock")
struct ScanRecoveryTests {
    let folder: TemporaryDirectory
    let reader = FakeTagReader()
    let journal: URL
    let services: ServiceContainer

    init() throws {
        folder = try TemporaryDirectory("recovery")
        journal = folder.url.appendingPathComponent("journal")
        services = try .inMemory(reader: reader, scanFiles: ScanFiles(journal: journal))
        for index in 1...4 {
            try folder.write("music/\(index).mp3", FakeTagReader.file(FakeTagReader.track("T\(index)")))
        }
    }

    private func leaveJournal(_ mode: String, _ names: [String]) throws {
        let lines = [mode] + names.map { ScanJournal.encode(RawPath(folder.path("music/\($0)"))) }
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: journal)
    }

    @Test func aFileThatCrashedTheReaderIsSkippedAndReportedUntilItChanges() async throws {
        defer { folder.remove() }
        try leaveJournal("single", ["2.mp3"])

        let (summary, _) = try await services.scanner.run(folder.path("music"))

        #expect(reader.readCount(folder.path("music/2.mp3")) == 0)
        #expect(summary.added == 3)
        #expect(summary.failures.map(\.path) == [folder.path("music/2.mp3")])
        #expect(summary.failures.first?.reason.contains("crashed the tag reader") == true)
        #expect(try String(contentsOf: journal, encoding: .utf8).isEmpty)

        let (again, _) = try await services.scanner.run(folder.path("music"))
        #expect(reader.readCount(folder.path("music/2.mp3")) == 0)
        #expect(again.failed == 1)
        // Met again unchanged (its folder too), the failure is kept: a third scan still
        // skips the file.
        let (third, _) = try await services.scanner.run(folder.path("music"))
        #expect(reader.readCount(folder.path("music/2.mp3")) == 0)
        #expect(third.failed == 1)

        try folder.write("music/2.mp3", FakeTagReader.file(FakeTagReader.track("T2 fixed")))
        let (fixed, _) = try await services.scanner.run(folder.path("music"))
        #expect(reader.readCount(folder.path("music/2.mp3")) == 1)
        #expect(fixed.added == 1)
        #expect(fixed.failed == 0)
    }

    @Test func suspectsOfACrashedBatchAreReadOneByOne() async throws {
        defer { folder.remove() }
        try leaveJournal("batch", ["1.mp3", "3.mp3"])
        let (summary, _) = try await services.scanner.run(folder.path("music"))
        #expect(summary.added == 4)
        #expect(reader.totalReads == 4)
        #expect(try String(contentsOf: journal, encoding: .utf8).isEmpty)
    }

    @Test func aShorterEntryWrittenOverALongerOneIsReadAloneAndCloseEmptiesTheJournal() throws {
        defer { folder.remove() }
        let (a, b, c) = (RawPath("/m/a.mp3"), RawPath("/m/b.mp3"), RawPath("/m/c.mp3"))
        let writing = ScanJournal(url: journal)
        writing.willRead(batch: [a, b, c])
        writing.willRead(batch: [b])
        #expect(ScanJournal(url: journal).recover().suspects == [b])

        writing.willRead(batch: [a, b, c])
        writing.willRead(single: c)
        let single = ScanJournal(url: journal).recover()
        #expect(single.culprit == c)
        #expect(single.suspects.isEmpty)

        writing.willRead(batch: [a, b])
        writing.clear()
        let idle = ScanJournal(url: journal).recover()
        #expect(idle.culprit == nil && idle.suspects.isEmpty)

        writing.close()
        #expect(try String(contentsOf: journal, encoding: .utf8).isEmpty)
    }

    @Test func journalEncodingSurvivesAnyBytes() {
        defer { folder.remove() } // made by init, though this test needs none
        let path = RawPath(bytes: Array("/m/a\nb".utf8) + [0xFF, 0x00, 0x41])
        #expect(ScanJournal.decode(ScanJournal.encode(path)) == path)
        #expect(ScanJournal.decode("zz") == nil)
    }

    @Test func anInterruptedScanConvergesToWhatACleanScanGives() async throws {
        defer { folder.remove() }
        for index in 5...40 {
            try folder.write("music/D\(index % 6)/\(index).mp3", FakeTagReader.file(FakeTagReader.track("T\(index)", album: "A\(index % 6)")))
        }
        let gated = FakeTagReader(pauseAfter: 6)
        let slow = try ServiceContainer.inMemory(reader: gated)
        let request = ScanRequest(path: RawPath(folder.path("music")), options: ScanOptions(batchSize: 3))
        // Subscribed before the scan starts: a cancelled scan that needs no blocked read can
        // end (and say so) before the wait below returns.
        let feed = slow.feed.events()
        // The stream lives only inside the wait: it is dropped when the wait returns.
        try await Wait.bounded("the scan to report 4 reads") {
            for try await event in slow.scanner.scan(request) {
                if case .progress(let progress) = event, progress.read >= 4 { return }
            }
        }
        // Dropping the stream cancelled the scan at once (its onTermination sets the flag):
        // let the blocked reads go on; it stops once the batch being written commits (the
        // batch being read is dropped whole), and says so on the feed as it ends.
        gated.resume()
        _ = try await Wait.first("the cancelled scan to end", in: feed) { if case .tracksChanged = $0 { true } else { false } }
        let partial = try await slow.library.tracks(ListRequest())
        #expect(partial.count >= 4)
        #expect(partial.count < 40)

        let (resumed, _) = try await slow.scanner.run(folder.path("music"))
        #expect(resumed.updated == 0)
        let clean = try ServiceContainer.inMemory(reader: FakeTagReader())
        _ = try await clean.scanner.run(folder.path("music"))

        func snapshot(_ services: ServiceContainer) async throws -> [String] {
            try await services.library.tracks(ListRequest(includeMissing: true))
                .map { "\($0.path.text)|\($0.title)|\($0.metadata.album ?? "")|\($0.isMissing)" }.sorted()
        }
        #expect(resumed.added == 40 - partial.count)
        #expect(try await snapshot(slow) == (try await snapshot(clean)))
        #expect(try await slow.library.albums(ListRequest()).count == (try await clean.library.albums(ListRequest())).count)
    }

    @Test func aSecondScanWaitsForTheLockWithANotice() async throws {
        defer { folder.remove() }
        let lockURL = folder.url.appendingPathComponent("lock")
        let held = try ScanLock(url: lockURL, waiting: {})
        let locked = try ServiceContainer.inMemory(reader: reader, scanFiles: ScanFiles(lock: lockURL))
        let notices = Shared<[String]>([])
        let waiting = Task {
            for try await event in locked.scanner.scan(ScanRequest(path: RawPath(folder.path("music")))) {
                if case .waiting(let message) = event { notices.set(notices.read() + [message]) }
            }
        }
        // However slowly the scan thread starts, it must announce that it waits, then wait:
        // it reads only once it has the lock (`aWaitingLockKeepsWaitingUntilItIsFree`).
        try await Wait.until("the second scan to announce that it waits") { !notices.read().isEmpty }
        #expect(reader.totalReads == 0)
        withExtendedLifetime(held) {}
        _ = consume held
        try await Wait.bounded("the waiting scan to finish once the lock is free") { try await waiting.value }
        #expect(notices.read().count == 1)
        #expect(notices.read().first?.contains("Another scan") == true)
        #expect(reader.totalReads == 4)
    }

    @Test func aWaitingLockKeepsWaitingUntilItIsFree() async throws {
        defer { folder.remove() }
        let lockURL = folder.url.appendingPathComponent("lock")
        let held = try ScanLock(url: lockURL, waiting: {})
        let checks = Shared(0)
        let taken = Shared(false)
        Thread {
            // The waiter checks for cancellation each time it finds the lock still held.
            let lock = try? ScanLock(url: lockURL, waiting: {}, isCancelled: { checks.set(checks.read() + 1); return false })
            taken.set(lock != nil)
        }.start()
        // Found held twice: it is waiting, not gone past the lock.
        try await Wait.until("the waiter to find the lock held twice") { checks.read() >= 2 }
        #expect(!taken.read())
        withExtendedLifetime(held) {}
        _ = consume held
        try await Wait.until("the waiter to take the lock once free") { taken.read() }
    }

    @Test func waitingForTheLockStopsWhenCancelled() async throws {
        defer { folder.remove() }
        let lockURL = folder.url.appendingPathComponent("lock")
        let held = try ScanLock(url: lockURL, waiting: {})
        let cancelled = Shared(false)
        let outcome = Shared<String?>(nil)
        Thread {
            do {
                _ = try ScanLock(url: lockURL, waiting: { cancelled.set(true) }, isCancelled: { cancelled.read() })
                outcome.set("took the lock")
            } catch is CancellationError {
                outcome.set("cancelled")
            } catch {
                outcome.set("\(error)")
            }
        }.start()
        // The waiter cancels itself as soon as it starts waiting; the lock is still held.
        try await Wait.until("the waiting lock to give up") { outcome.read() != nil }
        #expect(outcome.read() == "cancelled")
        withExtendedLifetime(held) {}
    }
}

@Suite("Database integrity after scans")
struct ScanIntegrityTests {
    @Test func aScannedDatabasePassesIntegrityCheck() async throws {
        let folder = try TemporaryDirectory("integrity")
        defer { folder.remove() }
        for name in ["id3v24.mp3", "tagged.flac", "aac.m4a", "vorbis.ogg", "random.mp3"] {
            try folder.copy(Fixtures.url(name), to: "music/\(name)")
        }
        let database = folder.url.appendingPathComponent("library.sqlite")
        let services = try ServiceContainer.live(databaseURL: database)
        _ = try await services.scanner.run(folder.path("music"))
        try FileManager.default.removeItem(atPath: folder.path("music/aac.m4a"))
        _ = try await services.scanner.run(folder.path("music"))
        _ = try await services.library.prune(library: nil, dryRun: false)

        let connection = try Connection(location: .file(database.path))
        let report: [String] = try connection.rows("PRAGMA integrity_check").compactMap { $0[0] }
        #expect(report == ["ok"])
        #expect(try connection.rows("PRAGMA foreign_key_check").isEmpty)
    }
}
