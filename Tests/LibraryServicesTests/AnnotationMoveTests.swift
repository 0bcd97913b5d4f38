import Foundation
import LibraryCore
import LibraryServices
import Testing
import TestSupport

@Suite("Annotations follow a track's stable id through moves, and go with it when pruned")
struct AnnotationMoveTests {
    @Test func aStarAndAPlayCountSurviveAMoveAndGoWithPrune() async throws {
        let folder = try TemporaryDirectory("annotation-move")
        defer { folder.remove() }
        try folder.copy(Fixtures.url("tagged.flac"), to: "music/Old/song.flac")
        try folder.copy(Fixtures.url("id3v24.mp3"), to: "music/Other/keep.mp3")
        let services = try ServiceContainer.inMemory()
        _ = try await services.scanner.run(folder.path("music"))
        let track = try #require(try await services.library.tracks(ListRequest()).first { $0.path.text.hasSuffix("song.flac") })
        let played = Date(timeIntervalSince1970: 1_700_000_000)
        try await services.annotations.star([.track(track.id)], user: User.localID)
        try await services.annotations.scrobble(trackID: track.id, at: played, user: User.localID)

        try FileManager.default.createDirectory(atPath: folder.path("music/New"), withIntermediateDirectories: true)
        try FileManager.default.moveItem(atPath: folder.path("music/Old/song.flac"), toPath: folder.path("music/New/moved.flac"))
        let (summary, _) = try await services.scanner.run(folder.path("music"))
        #expect(summary.moved == 1)

        let moved = try #require(try await services.library.track(id: track.id))
        #expect(moved.path.text.hasSuffix("New/moved.flac"))
        let marks = try await services.annotations.annotations(for: [.track(track.id)], user: User.localID)
        #expect(marks[.track(track.id)]?.starredAt != nil)
        #expect(marks[.track(track.id)]?.playCount == 1)
        #expect(marks[.track(track.id)]?.lastPlayedAt == played)

        try FileManager.default.removeItem(atPath: folder.path("music/New/moved.flac"))
        _ = try await services.scanner.run(folder.path("music"))
        #expect(try await services.annotations.annotations(for: [.track(track.id)], user: User.localID)[.track(track.id)]?.playCount == 1,
                "a missing track keeps its marks until pruned")
        _ = try await services.library.prune(library: nil, dryRun: false)
        #expect(try await services.annotations.annotations(for: [.track(track.id)], user: User.localID).isEmpty)
        if let album = track.albumID {
            #expect(try await services.annotations.annotations(for: [.album(album)], user: User.localID).isEmpty)
        }
    }
}
