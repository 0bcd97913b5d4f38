import Foundation
import LibraryCore
import LibraryServices
import Testing
import TestSupport

@Suite("Upgrades: a file replaced by another rip of the same recording keeps the track's history")
struct ScanUpgradeTests {
    private let album = "music/Ärtist/Upgrade Album"

    /// A scanned library with `files` (fixture name -> path under the folder) and a keeper.
    private func scanned(_ folder: TemporaryDirectory, _ files: [String: String]) async throws -> ServiceContainer {
        for (fixture, path) in files { try folder.copy(Fixtures.url(fixture), to: path) }
        try folder.copy(Fixtures.url("id3v24.mp3"), to: "music/Other/keep.mp3")
        let services = try ServiceContainer.inMemory()
        _ = try await services.scanner.run(folder.path("music"))
        return services
    }

    private func track(_ services: ServiceContainer, endingWith suffix: String) async throws -> Track {
        try #require(try await services.library.tracks(ListRequest(includeMissing: true)).first { $0.path.text.hasSuffix(suffix) })
    }

    @Test func anMP3ReplacedByAFLACOfTheSameRecordingKeepsIDPlaylistStarRatingAndPlays() async throws {
        let folder = try TemporaryDirectory("upgrade")
        defer { folder.remove() }
        let services = try await scanned(folder, ["upgrade/song.mp3": "\(album)/01 Café Song.mp3"])
        let keep = try await track(services, endingWith: "keep.mp3")
        let song = try await track(services, endingWith: "01 Café Song.mp3")
        _ = try await services.playlists.create(PlaylistDraft(name: "Road"))
        for id in [keep.id, song.id] {
            _ = try await services.playlists.add(ListRequest(query: try LibraryQuery.parse(arguments: ["id:\(id)"])), to: "Road", at: nil)
        }
        try await services.annotations.star([.track(song.id)], user: User.localID)
        try await services.annotations.setRating(4, for: .track(song.id), user: User.localID)
        let played = Date(timeIntervalSince1970: 1_700_000_000)
        try await services.annotations.scrobble(trackID: song.id, at: played, user: User.localID)
        try await services.annotations.scrobble(trackID: song.id, at: played.addingTimeInterval(60), user: User.localID)

        try FileManager.default.removeItem(atPath: folder.path("\(album)/01 Café Song.mp3"))
        try folder.copy(Fixtures.url("upgrade/song.flac"), to: "\(album)/01 Café Song.flac")
        let (summary, _) = try await services.scanner.run(folder.path("music"))

        #expect(summary.upgraded == 1)
        #expect(summary.upgrades == [UpgradedTrack(
            id: song.id, from: folder.path("\(album)/01 Café Song.mp3"), to: folder.path("\(album)/01 Café Song.flac"))])
        #expect(summary.added == 0)
        #expect(summary.missing == 0)
        #expect(summary.moved == 0)
        let after = try #require(try await services.library.track(id: song.id))
        #expect(after.path.text.hasSuffix("01 Café Song.flac"))
        #expect(after.metadata.audio.format == "FLAC")
        #expect(!after.isMissing)
        #expect(after.addedAt == song.addedAt)
        #expect(try await services.playlists.entries(of: "Road").map(\.track.id) == [keep.id, song.id])
        let marks = try await services.annotations.annotations(for: [.track(song.id)], user: User.localID)[.track(song.id)]
        #expect(marks?.starredAt != nil)
        #expect(marks?.rating == 4)
        #expect(marks?.playCount == 2)
        #expect(marks?.lastPlayedAt == played.addingTimeInterval(60))
        #expect(try await services.library.tracks(ListRequest(includeMissing: true)).count == 2)
        #expect(try await services.library.health().possibleUpgrades.isEmpty)
    }

    @Test func musicBrainzIDsRecogniseAnUpgradeWhoseTitleAndAlbumDiffer() async throws {
        let folder = try TemporaryDirectory("upgrade")
        defer { folder.remove() }
        let services = try await scanned(folder, ["upgrade/mb.mp3": "music/First/03 Original Title.mp3"])
        let old = try await track(services, endingWith: "03 Original Title.mp3")
        try FileManager.default.removeItem(atPath: folder.path("music/First/03 Original Title.mp3"))
        try folder.copy(Fixtures.url("upgrade/mb.flac"), to: "music/Remaster/03 Remastered.flac")
        let (summary, _) = try await services.scanner.run(folder.path("music"))

        #expect(summary.upgraded == 1)
        #expect(summary.added == 0)
        let after = try #require(try await services.library.track(id: old.id))
        #expect(after.metadata.title == "Remastered Title (2024)")
        #expect(after.metadata.audio.format == "FLAC")
        #expect(try await services.library.tracks(ListRequest(includeMissing: true)).count == 2)
    }

    @Test func twoCandidatesAreNotMergedAndDoctorListsBothPairs() async throws {
        let folder = try TemporaryDirectory("upgrade")
        defer { folder.remove() }
        let services = try await scanned(folder, ["upgrade/song.mp3": "music/a/01.mp3"])
        try folder.copy(Fixtures.url("upgrade/song.mp3"), to: "music/b/01.mp3")
        _ = try await services.scanner.run(folder.path("music"))
        let olds = [try await track(services, endingWith: "a/01.mp3").id, try await track(services, endingWith: "b/01.mp3").id]
        try FileManager.default.removeItem(atPath: folder.path("music/a"))
        try FileManager.default.removeItem(atPath: folder.path("music/b"))
        try folder.copy(Fixtures.url("upgrade/song.flac"), to: "music/c/01.flac")
        let (summary, _) = try await services.scanner.run(folder.path("music"))

        #expect(summary.upgraded == 0)
        #expect(summary.added == 1)
        #expect(summary.missing == 2)
        let new = try await track(services, endingWith: "c/01.flac")
        #expect(!olds.contains(new.id))
        let upgrades = try await services.library.health().possibleUpgrades
        #expect(upgrades.map(\.missing.id).sorted() == olds.sorted())
        #expect(upgrades.allSatisfy { $0.present.id == new.id && $0.reason == "ambiguous: 2 missing tracks match" })
    }

    @Test func aLengthFarOffIsNotMergedAndDoctorSaysBy() async throws {
        let folder = try TemporaryDirectory("upgrade")
        defer { folder.remove() }
        let services = try await scanned(folder, ["upgrade/song.mp3": "\(album)/01.mp3"])
        let old = try await track(services, endingWith: "01.mp3")
        try FileManager.default.removeItem(atPath: folder.path("\(album)/01.mp3"))
        try folder.copy(Fixtures.url("upgrade/far.flac"), to: "\(album)/01.flac")
        let (summary, _) = try await services.scanner.run(folder.path("music"))

        #expect(summary.upgraded == 0)
        #expect(summary.added == 1)
        #expect(try await services.library.track(id: old.id)?.isMissing == true)
        let upgrades = try await services.library.health().possibleUpgrades
        #expect(upgrades.map(\.missing.id) == [old.id])
        #expect(upgrades.first?.reason.hasPrefix("duration off by ") == true)
    }
}
