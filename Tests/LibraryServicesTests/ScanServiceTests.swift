import Foundation
import LibraryCore
import LibraryServices
import Testing
import TestSupport

@Suite("Scanning with a fake reader")
struct ScanServiceTests {
    let folder: TemporaryDirectory
    let reader = FakeTagReader()
    let services: ServiceContainer

    init() throws {
        folder = try TemporaryDirectory("scan")
        services = try .inMemory(reader: reader)
    }

    private func write(_ relative: String, _ metadata: TrackMetadata) throws {
        try folder.write(relative, FakeTagReader.file(metadata))
    }

    private func allTracks(includeMissing: Bool = false) async throws -> [Track] {
        try await services.library.tracks(ListRequest(includeMissing: includeMissing))
    }

    @Test func firstScanAddsEveryReadableFileAndReportsBadOnes() async throws {
        defer { folder.remove() }
        try write("A/One/01.mp3", FakeTagReader.track("One", artist: "A", album: "One", track: 1))
        try write("A/One/02.flac", FakeTagReader.track("Two", artist: "A", album: "One", track: 2))
        try folder.write("A/One/broken.mp3", Data("not audio".utf8))
        try folder.write("A/One/empty.mp3", Data())
        try folder.write("A/One/cover.jpg", Data([0xFF, 0xD8]))

        let (summary, events) = try await services.scanner.run(folder.url.path)

        #expect(summary.added == 2)
        #expect(summary.failed == 2)
        #expect(Set(summary.failures.map(\.reason)) == ["not an audio file TagLib can read", "empty file (0 bytes)"])
        #expect(summary.failures.allSatisfy { $0.path.hasPrefix(folder.url.path) })
        #expect(try await allTracks().map(\.title).sorted() == ["One", "Two"])
        #expect(reader.readCount(folder.path("A/One/cover.jpg")) == 0)
        guard case .started(let library, _) = events.first else { Issue.record("no started event"); return }
        #expect(library.name == folder.url.lastPathComponent)
        let lastProgress = events.compactMap { if case .progress(let p) = $0 { p } else { nil } }.last
        #expect(lastProgress?.found == 4)
        #expect(lastProgress?.read == 2)
        #expect(lastProgress?.failed == 2)
    }

    @Test func rescanWithNothingChangedOpensNoFile() async throws {
        defer { folder.remove() }
        for index in 1...5 { try write("Album/\(index).mp3", FakeTagReader.track("T\(index)", track: index)) }
        try folder.write("Album/bad.mp3", Data("x".utf8))
        _ = try await services.scanner.run(folder.url.path)
        let readsAfterFirst = reader.totalReads

        let (summary, _) = try await services.scanner.run(folder.url.path)

        #expect(reader.totalReads == readsAfterFirst)
        #expect(summary.added == 0)
        #expect(summary.updated == 0)
        #expect(summary.unchanged == 5)
        #expect(summary.failed == 1)
    }

    @Test func changedFileIsReadAgainAndKeepsItsID() async throws {
        defer { folder.remove() }
        try write("Album/1.mp3", FakeTagReader.track("Old Title"))
        try write("Album/2.mp3", FakeTagReader.track("Other"))
        _ = try await services.scanner.run(folder.url.path)
        let before = try #require(try await allTracks().first { $0.title == "Old Title" })

        try write("Album/1.mp3", FakeTagReader.track("New Title, longer"))
        let (summary, _) = try await services.scanner.run(folder.url.path)

        #expect(summary.updated == 1)
        #expect(summary.unchanged == 1)
        #expect(reader.readCount(folder.path("Album/1.mp3")) == 2)
        #expect(reader.readCount(folder.path("Album/2.mp3")) == 1)
        let after = try #require(try await services.library.track(id: before.id))
        #expect(after.title == "New Title, longer")
        #expect(after.addedAt == before.addedAt)
    }

    @Test func fullScanRereadsEverything() async throws {
        defer { folder.remove() }
        try write("a.mp3", FakeTagReader.track("A"))
        _ = try await services.scanner.run(folder.url.path)
        let (summary, _) = try await services.scanner.run(folder.url.path, options: ScanOptions(full: true))
        #expect(summary.updated == 1)
        #expect(reader.totalReads == 2)
    }

    @Test func vanishedFilesAreMarkedMissingNotDeletedAndComeBack() async throws {
        defer { folder.remove() }
        try write("Keep/1.mp3", FakeTagReader.track("Stays"))
        try write("Gone/2.mp3", FakeTagReader.track("Leaves"))
        try write("Keep/3.mp3", FakeTagReader.track("Also leaves"))
        _ = try await services.scanner.run(folder.url.path)
        let leaving = try #require(try await allTracks().first { $0.title == "Leaves" })
        let moved = folder.url.deletingLastPathComponent().appendingPathComponent("kanora-aside-\(UUID().uuidString)")
        try FileManager.default.moveItem(at: folder.url.appendingPathComponent("Gone"), to: moved)
        try FileManager.default.removeItem(atPath: folder.path("Keep/3.mp3"))

        let (summary, _) = try await services.scanner.run(folder.url.path)

        #expect(summary.missing == 2)
        #expect(try await allTracks().map(\.title) == ["Stays"])
        let withMissing = try await allTracks(includeMissing: true)
        #expect(withMissing.count == 3)
        #expect(withMissing.first { $0.id == leaving.id }?.isMissing == true)

        try FileManager.default.moveItem(at: moved, to: folder.url.appendingPathComponent("Gone"))
        let (again, _) = try await services.scanner.run(folder.url.path)
        #expect(again.added == 0)
        let back = try #require(try await services.library.track(id: leaving.id))
        #expect(!back.isMissing)
    }

    @Test func albumsGroupAcrossDiscFoldersAndCompilationsAreOneAlbum() async throws {
        defer { folder.remove() }
        try write("X/Big/CD1/01.mp3", FakeTagReader.track("a", artist: "X", album: "Big", albumArtist: "X", track: 1, disc: 1))
        try write("X/Big/CD2/01.mp3", FakeTagReader.track("b", artist: "X", album: "Big", albumArtist: "X", track: 1, disc: 2))
        try write("VA/Hits/01.mp3", FakeTagReader.track("c", artist: "P", album: "Hits", track: 1, compilation: true))
        try write("VA/Hits/02.mp3", FakeTagReader.track("d", artist: "Q", album: "Hits", track: 2, compilation: true))
        _ = try await services.scanner.run(folder.url.path)

        let albums = try await services.library.albums(ListRequest())
        #expect(albums.count == 2)
        let hits = try #require(albums.first { $0.title == "Hits" })
        #expect(hits.albumArtist == "Various Artists")
        #expect(hits.compilation)
        #expect(hits.trackCount == 2)
        #expect(albums.first { $0.title == "Big" }?.trackCount == 2)
        let stats = try await services.library.statistics(matching: .all)
        #expect(stats.tracks == 4)
        #expect(stats.albums == 2)
        #expect(stats.compilations == 1)
        #expect(stats.artists == 3)
    }

    @Test func missingFolderIsAnErrorAndAddsNoLibrary() async throws {
        defer { folder.remove() }
        await #expect(throws: LibraryError.self) {
            _ = try await services.scanner.run(folder.path("does-not-exist"))
        }
        do {
            _ = try await services.scanner.run(folder.path("does-not-exist"))
        } catch let error as LibraryError {
            #expect(error.code == .fileSystem)
            #expect(error.message.contains("does not exist"))
        }
        #expect(try await services.library.libraries().isEmpty)
    }

    @Test func fileInsteadOfFolderIsAnError() async throws {
        defer { folder.remove() }
        try write("a.mp3", FakeTagReader.track("A"))
        do {
            _ = try await services.scanner.run(folder.path("a.mp3"))
            Issue.record("scanning a file succeeded")
        } catch let error as LibraryError {
            #expect(error.message.contains("is a file, not a folder"))
        }
        #expect(try await services.library.libraries().isEmpty)
    }

    @Test func scanningASubfolderUpdatesTheOwningLibraryOnly() async throws {
        defer { folder.remove() }
        try write("A/1.mp3", FakeTagReader.track("One"))
        try write("B/2.mp3", FakeTagReader.track("Two"))
        _ = try await services.scanner.run(folder.url.path)
        try write("A/3.mp3", FakeTagReader.track("Three"))

        let (summary, _) = try await services.scanner.run(folder.path("A"))

        #expect(summary.library.root.text == folder.url.path)
        #expect(summary.added == 1)
        #expect(summary.missing == 0)
        #expect(try await services.library.libraries().count == 1)
        #expect(try await allTracks().count == 3)
    }

    @Test func smallBatchesGiveTheSameResult() async throws {
        defer { folder.remove() }
        for index in 1...7 { try write("D\(index % 3)/\(index).mp3", FakeTagReader.track("T\(index)")) }
        let (summary, _) = try await services.scanner.run(folder.url.path, options: ScanOptions(batchSize: 2))
        #expect(summary.added == 7)
        #expect(try await allTracks().count == 7)
    }

    @Test func symlinkLoopIsReportedAndTheScanFinishes() async throws {
        defer { folder.remove() }
        try write("A/1.mp3", FakeTagReader.track("One"))
        try FileManager.default.createSymbolicLink(atPath: folder.path("A/loop"), withDestinationPath: folder.url.path)
        let (summary, _) = try await services.scanner.run(folder.url.path)
        #expect(summary.added == 1)
        #expect(summary.failures.contains { $0.reason.contains("loop") })
    }

    @Test func hiddenFilesAreSkippedUnlessAsked() async throws {
        defer { folder.remove() }
        try write(".hidden/1.mp3", FakeTagReader.track("Hidden"))
        try write(".2.mp3", FakeTagReader.track("Dot"))
        try write("3.mp3", FakeTagReader.track("Plain"))
        let (plain, _) = try await services.scanner.run(folder.url.path)
        #expect(plain.added == 1)
        let (hidden, _) = try await services.scanner.run(folder.url.path, options: ScanOptions(includeHidden: true))
        #expect(hidden.added == 2)
    }

    @Test func nonUTF8NamesAreScannedAndShownEscaped() async throws {
        defer { folder.remove() }
        let name: [UInt8] = Array("bad-".utf8) + [0xFF, 0xFE] + Array(".mp3".utf8)
        let path = RawPath(folder.url.path).appending(name)
        #expect(FakeTagReader.write(FakeTagReader.file(FakeTagReader.track("Latin-1 name")), to: path))
        let (summary, _) = try await services.scanner.run(folder.url.path)
        #expect(summary.failed == 0)
        let track = try #require(try await allTracks().first { $0.title == "Latin-1 name" })
        #expect(track.path.text.hasSuffix("bad-\\xFF\\xFE.mp3"))
        #expect(track.path.bytes.suffix(name.count) == ArraySlice(name))
    }
}
