import Foundation
import LibraryCore
import LibraryServices
import Testing
import TestSupport

@Suite("Pruning missing tracks")
struct PruneTests {
    @Test func pruneRemovesMissingTracksAndReportsTheirPlaylistEntries() async throws {
        let folder = try TemporaryDirectory("prune")
        defer { folder.remove() }
        try folder.write("a.mp3", FakeTagReader.file(FakeTagReader.track("A", album: "Kept")))
        try folder.write("b.mp3", FakeTagReader.file(FakeTagReader.track("B", album: "Lonely")))
        try folder.write("c.mp3", FakeTagReader.file(FakeTagReader.track("C", album: "Kept")))
        let services = try ServiceContainer.inMemory(reader: FakeTagReader())
        _ = try await services.scanner.run(folder.url.path)
        _ = try await services.playlists.create(PlaylistDraft(name: "Mix"))
        _ = try await services.playlists.add(ListRequest(query: try LibraryQuery.parse(arguments: []), sort: try LibrarySort.parse(["title+"], for: .tracks)), to: "Mix", at: nil)
        try FileManager.default.removeItem(atPath: folder.path("b.mp3"))
        _ = try await services.scanner.run(folder.url.path)

        let dryRun = try await services.library.prune(library: nil, dryRun: true)
        #expect(dryRun.tracks == [folder.path("b.mp3")])
        #expect(dryRun.playlistEntries == [PrunedEntry(playlist: "Mix", position: 2, trackTitle: "B", path: folder.path("b.mp3"))])
        #expect(try await services.playlists.entries(of: "Mix").count == 3)

        let report = try await services.library.prune(library: nil, dryRun: false)
        #expect(report == dryRun)
        let entries = try await services.playlists.entries(of: "Mix")
        #expect(entries.map(\.position) == [1, 2])
        #expect(entries.map(\.track.title) == ["A", "C"])
        #expect(try await services.library.tracks(ListRequest(includeMissing: true)).count == 2)
        #expect(try await services.library.albums(ListRequest(includeMissing: true)).map(\.title) == ["Kept"])
        #expect(try await services.library.prune(library: nil, dryRun: false) == PruneReport())
    }

    @Test func pruneOfAnUnknownLibraryFails() async throws {
        let services = try ServiceContainer.inMemory(reader: FakeTagReader())
        await #expect(throws: LibraryError.self) { _ = try await services.library.prune(library: "nope", dryRun: false) }
    }
}
