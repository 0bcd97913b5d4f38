import Foundation
import LibraryCore
import LibraryServices
import Testing
import TestSupport

@Suite("Real folders: unmounted roots, unicode spellings, ignore files, unchanged folders")
struct ScanFolderTests {
    let folder: TemporaryDirectory
    let reader = FakeTagReader()
    let services: ServiceContainer

    init() throws {
        folder = try TemporaryDirectory("folders")
        services = try .inMemory(reader: reader)
    }

    private func write(_ relative: String, _ title: String) throws {
        try folder.write(relative, FakeTagReader.file(FakeTagReader.track(title)))
    }

    @Test func anEmptiedRootIsRefusedNotSwept() async throws {
        defer { folder.remove() }
        try write("music/A/1.mp3", "One")
        try write("music/B/2.mp3", "Two")
        _ = try await services.scanner.run(folder.path("music"))
        for name in ["A", "B"] { try FileManager.default.removeItem(atPath: folder.path("music/\(name)")) }

        do {
            _ = try await services.scanner.run(folder.path("music"))
            Issue.record("an empty root was swept")
        } catch let error as LibraryError {
            #expect(error.message.contains("is empty, but the library has 2 tracks there"))
            #expect(error.message.contains("--allow-empty"))
        }
        #expect(try await services.library.tracks(ListRequest()).count == 2)

        let (summary, _) = try await services.scanner.run(folder.path("music"), options: ScanOptions(allowEmptyRoot: true))
        #expect(summary.missing == 2)
    }

    @Test func nfcAndNFDSpellingsOfOneNameAreOneTrack() async throws {
        defer { folder.remove() }
        let nfd = "Bjo\u{308}rk.mp3"
        let nfc = "Björk.mp3"
        try write("music/\(nfd)", "Joga")
        _ = try await services.scanner.run(folder.path("music"))
        let before = try #require(try await services.library.tracks(ListRequest()).first)
        #expect(before.path.text == folder.path("music/\(nfc)"))
        #expect(try await services.library.track(path: RawPath(folder.path("music/\(nfd)")).precomposed)?.id == before.id)

        try FileManager.default.moveItem(atPath: folder.path("music/\(nfd)"), toPath: folder.path("music/\(nfc)"))
        let (summary, _) = try await services.scanner.run(folder.path("music"))

        #expect(summary.added == 0)
        #expect(summary.missing == 0)
        let tracks = try await services.library.tracks(ListRequest(includeMissing: true))
        #expect(tracks.map(\.id) == [before.id])
        #expect(tracks.first?.path.bytes == Array(folder.path("music/\(nfc)").utf8))
    }

    @Test func kanoraignoreExcludesFilesAndFolders() async throws {
        defer { folder.remove() }
        try write("music/keep.mp3", "Keep")
        try write("music/demo-1.mp3", "Demo")
        try write("music/Live/a.mp3", "Live")
        try write("music/Albums/Best/b.mp3", "Best")
        try write("music/Albums/Best/demo-2.mp3", "Demo 2")
        try write("music/Albums/Keep/demo-3.mp3", "Demo kept")
        try folder.write("music/.kanoraignore", Data("# not these\ndemo-*\nLive/\n".utf8))
        try folder.write("music/Albums/Keep/.kanoraignore", Data("!demo-3.mp3\n".utf8))

        let (summary, _) = try await services.scanner.run(folder.path("music"))

        #expect(summary.failed == 0)
        let titles = try await services.library.tracks(ListRequest()).map(\.title).sorted()
        #expect(titles == ["Best", "Demo kept", "Keep"])
        #expect(reader.readCount(folder.path("music/demo-1.mp3")) == 0)

        // A subfolder scan honours the rules of the folders above it.
        try write("music/Albums/Best/demo-4.mp3", "Demo 4")
        let (sub, _) = try await services.scanner.run(folder.path("music/Albums/Best"))
        #expect(sub.added == 0)
    }

    @Test func ignoreGlobs() {
        defer { folder.remove() } // made by init, though this test needs none
        func matches(_ pattern: String, _ text: String) -> Bool { IgnoreGlob.matches(pattern, text) }
        #expect(matches("*.mp3", "a.mp3"))
        #expect(!matches("*.mp3", "dir/a.mp3"))
        #expect(matches("**/a.mp3", "x/y/a.mp3"))
        #expect(matches("**/a.mp3", "a.mp3"))
        #expect(matches("x/**", "x/y/z"))
        #expect(matches("track[0-9].flac", "track7.flac"))
        #expect(!matches("track[!0-9].flac", "track7.flac"))
        #expect(matches("?.ogg", "a.ogg"))
    }

    @Test func unchangedFoldersAreSkippedButChangesInsideAreFound() async throws {
        defer { folder.remove() }
        try write("music/A/1.mp3", "One")
        try write("music/B/2.mp3", "Two")
        _ = try await services.scanner.run(folder.path("music"))
        let (quiet, _) = try await services.scanner.run(folder.path("music"))
        #expect(quiet.unchanged == 2)
        #expect(reader.totalReads == 2)

        try write("music/B/2.mp3", "Two, retagged with a longer title")
        let (changed, _) = try await services.scanner.run(folder.path("music"))
        #expect(changed.updated == 1)
        #expect(changed.unchanged == 1)
        #expect(try await services.library.tracks(ListRequest()).contains { $0.title == "Two, retagged with a longer title" })
    }

    @Test func listingWhileAScanWritesNeverFails() async throws {
        defer { folder.remove() }
        for index in 0..<300 { try write("music/D\(index % 30)/\(index).mp3", "T\(index)") }
        let database = folder.url.appendingPathComponent("library.sqlite")
        let writer = try ServiceContainer.live(databaseURL: database, reader: FakeTagReader(delay: .milliseconds(2)))
        let scan = Task { try await writer.scanner.run(folder.path("music"), options: ScanOptions(batchSize: 16)) }
        // A second process would open its own connections: so does a second container.
        let reader = try ServiceContainer.live(databaseURL: database, reader: FakeTagReader())
        var counts: [Int] = []
        while counts.count < 200 {
            counts.append(try await reader.library.tracks(ListRequest()).count)
            _ = try await reader.library.statistics(matching: .all)
            if counts.last == 300 { break }
        }
        let (summary, _) = try await scan.value
        #expect(summary.added == 300)
        #expect(counts == counts.sorted())
        #expect(try await reader.library.tracks(ListRequest()).count == 300)
    }
}

extension RawPath {
    /// This path with NFC-normalised bytes.
    var precomposed: RawPath { RawPath(text) }
}
