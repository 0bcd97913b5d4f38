import Foundation
import LibraryCore
import LibraryServices
import Testing
import TestSupport

@Suite("Moves between the libraries of one database keep track identity")
struct ScanLibraryMoveTests {
    /// How the album folder goes from one library root to the other.
    enum Move: String, CaseIterable, Sendable {
        /// `mv` within one file system: same inodes.
        case rename
        /// Copied, then deleted: new inodes, as a move across file systems gives.
        case copy
    }

    @Test(arguments: [true, false], Move.allCases)
    func anAlbumMovedToAnotherLibraryKeepsEveryIDWhicheverLibraryIsSyncedFirst(sourceFirst: Bool, move: Move) async throws {
        let folder = try TemporaryDirectory("library-move")
        defer { folder.remove() }
        let album = ["tagged.flac": "inbox/Album/hyper.flac", "vorbis.ogg": "inbox/Album/kick.ogg", "upgrade/song.mp3": "inbox/Album/song.mp3"]
        for (fixture, path) in album { try folder.copy(Fixtures.url(fixture), to: path) }
        try folder.copy(Fixtures.url("id3v23.mp3"), to: "inbox/Stay/joga.mp3")
        try folder.copy(Fixtures.url("aac.m4a"), to: "music/Keep/lucky.m4a")
        let services = try ServiceContainer.inMemory()
        _ = try await services.scanner.run(folder.path("inbox"), name: "Inbox")
        _ = try await services.scanner.run(folder.path("music"), name: "Music")
        let before = try await services.library.tracks(ListRequest()).filter { $0.path.text.contains("/inbox/Album/") }
        #expect(before.count == 3)
        _ = try await services.playlists.create(PlaylistDraft(name: "Mix"))
        for track in before {
            _ = try await services.playlists.add(ListRequest(query: try LibraryQuery.parse(arguments: ["id:\(track.id)"])), to: "Mix", at: nil)
        }
        try await services.annotations.star([.track(before[0].id)], user: User.localID)

        switch move {
        case .rename:
            try FileManager.default.moveItem(atPath: folder.path("inbox/Album"), toPath: folder.path("music/Album"))
        case .copy:
            try FileManager.default.copyItem(atPath: folder.path("inbox/Album"), toPath: folder.path("music/Album"))
            try FileManager.default.removeItem(atPath: folder.path("inbox/Album"))
        }
        let order = sourceFirst ? [("inbox", "Inbox"), ("music", "Music")] : [("music", "Music"), ("inbox", "Inbox")]
        var summaries: [ScanSummary] = []
        for (path, name) in order { summaries.append(try await services.scanner.run(folder.path(path), name: name).summary) }

        #expect(summaries.map(\.moved).reduce(0, +) == 3)
        #expect(summaries.map(\.added).reduce(0, +) == 0)
        #expect(summaries.last?.missing == 0)
        for track in before {
            let after = try #require(try await services.library.track(id: track.id))
            #expect(after.path.text == folder.path("music/Album/\(RawPath.text(of: track.path.lastComponent))"))
            #expect(after.libraryName == "Music")
            #expect(!after.isMissing)
        }
        #expect(try await services.playlists.entries(of: "Mix").map(\.track.id) == before.map(\.id))
        #expect(try await services.annotations.annotations(for: [.track(before[0].id)], user: User.localID)[.track(before[0].id)]?.starredAt != nil)
        #expect(try await services.library.tracks(ListRequest(includeMissing: true)).count == 5)
    }
}
