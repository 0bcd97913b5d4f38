import Foundation
import LibraryCore
import LibraryServices
import Testing
import TestSupport

@Suite("Moves, renames and retags keep track identity")
struct ScanMoveTests {
    private func scanned(_ folder: TemporaryDirectory) async throws -> ServiceContainer {
        let services = try ServiceContainer.inMemory()
        _ = try await services.scanner.run(folder.path("music"))
        return services
    }

    private func move(_ folder: TemporaryDirectory, _ from: String, _ to: String) throws {
        let target = folder.url.appendingPathComponent("music/\(to)")
        try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.moveItem(at: folder.url.appendingPathComponent("music/\(from)"), to: target)
    }

    @Test(arguments: ["mp3", "flac", "ogg", "m4a"])
    func aMovedAndRetaggedFileKeepsItsIDAndPlaylistEntry(ext: String) async throws {
        let folder = try TemporaryDirectory("move")
        defer { folder.remove() }
        try folder.copy(Fixtures.url("retag/original.\(ext)"), to: "music/Old Folder/song.\(ext)")
        try folder.copy(Fixtures.url("id3v1.mp3"), to: "music/Other/keep.mp3")
        let services = try await scanned(folder)
        let before = try #require(try await services.library.tracks(ListRequest()).first { $0.path.text.hasSuffix("song.\(ext)") })
        _ = try await services.playlists.create(PlaylistDraft(name: "Favourites"))
        _ = try await services.playlists.add(ListRequest(query: try LibraryQuery.parse(arguments: ["id:\(before.id)"])), to: "Favourites", at: nil)

        try FileManager.default.removeItem(atPath: folder.path("music/Old Folder/song.\(ext)"))
        try folder.copy(Fixtures.url("retag/retagged.\(ext)"), to: "music/A New Place/renamed.\(ext)")
        let (summary, _) = try await services.scanner.run(folder.path("music"))

        #expect(summary.moved == 1)
        #expect(summary.added == 0)
        #expect(summary.missing == 0)
        let after = try #require(try await services.library.track(id: before.id))
        #expect(after.path.text == folder.path("music/A New Place/renamed.\(ext)"))
        #expect(after.title == "Retagged Title")
        #expect(!after.isMissing)
        #expect(after.addedAt == before.addedAt)
        #expect(try await services.playlists.entries(of: "Favourites").map(\.track.id) == [before.id])
        #expect(try await services.library.tracks(ListRequest(includeMissing: true)).count == 2)
        // The search index follows the merge: the new title finds the kept id, once.
        #expect(try await services.library.search("retagged", limit: nil).map(\.id) == [before.id])
    }

    @Test func movesInBothWalkOrdersAndRenamesInPlaceKeepIDs() async throws {
        let folder = try TemporaryDirectory("move")
        defer { folder.remove() }
        try folder.copy(Fixtures.url("id3v24.mp3"), to: "music/A/first.mp3")
        try folder.copy(Fixtures.url("tagged.flac"), to: "music/Z/last.flac")
        try folder.copy(Fixtures.url("vorbis.ogg"), to: "music/M/name.ogg")
        let services = try await scanned(folder)
        let ids = Dictionary(uniqueKeysWithValues: try await services.library.tracks(ListRequest()).map { ($0.path.stem, $0.id) })

        try move(folder, "A/first.mp3", "Z/first.mp3")
        try move(folder, "Z/last.flac", "A/last.flac")
        try move(folder, "M/name.ogg", "M/new name.ogg")
        let (summary, _) = try await services.scanner.run(folder.path("music"))

        #expect(summary.moved == 3)
        #expect(summary.added == 0)
        #expect(summary.missing == 0)
        let tracks = try await services.library.tracks(ListRequest(includeMissing: true))
        #expect(tracks.count == 3)
        #expect(Dictionary(uniqueKeysWithValues: tracks.map { ($0.path.text, $0.id) }) == [
            folder.path("music/Z/first.mp3"): ids["first"]!,
            folder.path("music/A/last.flac"): ids["last"]!,
            folder.path("music/M/new name.ogg"): ids["name"]!,
        ])
    }

    @Test func identicalCopiesAreToldApartByWhatElseAgrees() async throws {
        let folder = try TemporaryDirectory("move")
        defer { folder.remove() }
        try folder.copy(Fixtures.url("retag/original.mp3"), to: "music/d1/one.mp3")
        try folder.copy(Fixtures.url("retag/original.mp3"), to: "music/d2/two.mp3")
        let services = try await scanned(folder)
        let tracks = try await services.library.tracks(ListRequest())
        #expect(tracks.count == 2)
        let one = try #require(tracks.first { $0.path.text.hasSuffix("one.mp3") })
        let two = try #require(tracks.first { $0.path.text.hasSuffix("two.mp3") })

        try move(folder, "d1/one.mp3", "d3/one.mp3")
        let (summary, _) = try await services.scanner.run(folder.path("music"))

        #expect(summary.moved == 1)
        #expect(try await services.library.track(id: one.id)?.path.text == folder.path("music/d3/one.mp3"))
        #expect(try await services.library.track(id: two.id)?.path.text == folder.path("music/d2/two.mp3"))
    }

    @Test func aFileThatReturnsAfterBeingMissingAtANewPathKeepsItsID() async throws {
        let folder = try TemporaryDirectory("move")
        defer { folder.remove() }
        try folder.copy(Fixtures.url("tagged.flac"), to: "music/x/song.flac")
        let services = try await scanned(folder)
        let id = try #require(try await services.library.tracks(ListRequest()).first?.id)
        let aside = folder.path("aside.flac")
        try FileManager.default.moveItem(atPath: folder.path("music/x/song.flac"), toPath: aside)
        let (gone, _) = try await services.scanner.run(folder.path("music"))
        #expect(gone.missing == 1)

        try FileManager.default.moveItem(atPath: aside, toPath: folder.path("music/y.flac"))
        let (back, _) = try await services.scanner.run(folder.path("music"))

        #expect(back.moved == 1)
        let track = try #require(try await services.library.track(id: id))
        #expect(!track.isMissing)
        #expect(track.path.text == folder.path("music/y.flac"))
    }
}
