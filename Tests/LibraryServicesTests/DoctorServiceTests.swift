import Foundation
import LibraryCore
import LibraryServices
import Testing
import TestSupport

@Suite("LibraryService.health (kanora doctor)")
struct DoctorServiceTests {
    /// Fixture files whose audio differs from one another's.
    static let distinctAudio = ["tagged.flac", "vorbis.ogg", "opus.opus", "aac.m4a", "id3v24.mp3", "wavpack.wv"]

    @Test func aCopiedAlbumIsFoundAsDuplicates() async throws {
        let folder = try TemporaryDirectory("doctor-duplicates")
        defer { folder.remove() }
        for name in Self.distinctAudio { try folder.copy(Fixtures.url(name), to: "music/Album/\(name)") }
        let services = try ServiceContainer.inMemory()
        _ = try await services.scanner.run(folder.path("music"))
        #expect(try await services.library.health().duplicates.isEmpty)

        try FileManager.default.copyItem(atPath: folder.path("music/Album"), toPath: folder.path("music/Copy"))
        _ = try await services.scanner.run(folder.path("music"))
        let groups = try await services.library.health().duplicates.map { $0.map(\.path) }
        #expect(groups == Self.distinctAudio.sorted().map { [folder.path("music/Album/\($0)"), folder.path("music/Copy/\($0)")] })
    }

    @Test func aDeletedFileIsMissingAndLeavesAGapInItsAlbum() async throws {
        let folder = try TemporaryDirectory("doctor-missing")
        defer { folder.remove() }
        try FileManager.default.copyItem(at: Fixtures.sampleLibrary, to: folder.url.appendingPathComponent("music"))
        let services = try ServiceContainer.inMemory()
        _ = try await services.scanner.run(folder.path("music"))
        let before = try await services.library.health()
        #expect(before.missing.isEmpty && before.incompleteAlbums.isEmpty)

        let joga = folder.path("music/Björk/Homogenic (1997)/02 Jóga.flac")
        let homeSweetHome = folder.path("music/Mötley Crüe/Decade of Decadence/CD2/01 Home Sweet Home.m4a")
        try FileManager.default.removeItem(atPath: joga)
        try FileManager.default.removeItem(atPath: homeSweetHome)
        _ = try await services.scanner.run(folder.path("music"))

        let health = try await services.library.health()
        #expect(health.missing.map(\.path) == [joga, homeSweetHome])
        #expect(health.incompleteAlbums.map { [$0.albumArtist, $0.album, $0.disc.map(String.init) ?? "-"] } == [
            ["Björk", "Homogenic", "-"], ["Mötley Crüe", "Decade of Decadence", "2"],
        ])
        #expect(health.incompleteAlbums.map(\.missingTrackNumbers) == [[2], [1]])
    }

    @Test func damagedUnreadableAndUntaggedFilesAreReported() async throws {
        let folder = try TemporaryDirectory("doctor-files")
        defer { folder.remove() }
        for name in ["tagged.flac", "no-title.mp3", "empty.mp3", "random.mp3"] {
            try folder.copy(Fixtures.url(name), to: "music/\(name)")
        }
        let database = folder.path("library.sqlite")
        let services = try ServiceContainer.live(databaseURL: URL(fileURLWithPath: database))
        _ = try await services.scanner.run(folder.path("music"))
        try recordDamage("last frame cut short", onTrackAt: folder.path("music/tagged.flac"), inDatabase: database)

        let health = try await services.library.health()
        #expect(health.damaged.map(\.path) == [folder.path("music/tagged.flac")])
        #expect(health.damaged.map(\.problem) == ["last frame cut short"])
        #expect(health.unreadable.map(\.path) == [folder.path("music/empty.mp3"), folder.path("music/random.mp3")])
        #expect(health.unreadable.allSatisfy { !$0.reason.isEmpty })
        #expect(health.untagged.map(\.path) == [folder.path("music/no-title.mp3")])
        #expect(health.duplicates.isEmpty && health.missing.isEmpty)
    }
}
