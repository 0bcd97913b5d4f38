import Foundation
import LibraryCore
import LibraryServices
import Testing
import TestSupport

@Suite("Playlist service: smart playlists and library changes")
struct PlaylistSmartTests {
    func rule(_ query: String, sort: String? = nil, limit: Int? = nil) throws -> SmartRule {
        SmartRule(query: try LibraryQuery.parse(query), sort: try sort.map { try LibrarySort.parse([$0], for: .tracks) }, limit: limit)
    }

    @Test func smartPlaylistStoresItsRuleAndIsEvaluatedWhenRead() async throws {
        let library = try await PlaylistTestLibrary()
        defer { library.folder.remove() }
        let created = try await library.playlists.create(PlaylistDraft(name: "Old", rule: try rule("year:..1963", sort: "year-", limit: 3)))
        #expect(created.isSmart)
        #expect(created.smartQuery == "year:..1963")
        #expect(created.smartSort == "year-")
        #expect(created.smartLimit == 3)
        #expect(created.trackCount == 3)
        #expect(try await library.titles("Old") == ["Four", "Thé", "Two"])
        #expect(try created.smartRule() == rule("year:..1963", sort: "year-", limit: 3))

        try library.write("Album/00 Zero.mp3", FakeTagReader.track("Zero", track: 0, year: 1963))
        try await library.scan()
        #expect(try await library.titles("Old") == ["Four", "Zero", "Thé"])
        #expect(try await library.playlists.playlists().first?.trackCount == 3)
    }

    @Test func newlyScannedTrackAppearsInASmartPlaylist() async throws {
        let library = try await PlaylistTestLibrary()
        defer { library.folder.remove() }
        _ = try await library.playlists.create(PlaylistDraft(name: "Jazz", rule: try rule("genre:jazz")))
        #expect(try await library.titles("Jazz") == ["One", "Two"])
        try library.write("Album/06 Six.mp3", FakeTagReader.track("Six", album: "Album", track: 6, genres: ["Jazz"]))
        try await library.scan()
        #expect(try await library.titles("Jazz") == ["One", "Two", "Six"])
    }

    @Test func smartPlaylistEntriesCannotBeEditedUntilFrozen() async throws {
        let library = try await PlaylistTestLibrary()
        defer { library.folder.remove() }
        let playlists = library.playlists
        _ = try await playlists.create(PlaylistDraft(name: "Rock", rule: try rule("genre:rock")))
        do {
            _ = try await playlists.add(try library.request("title:one"), to: "Rock", at: nil)
            Issue.record("edited a smart playlist")
        } catch let error as LibraryError {
            #expect(error.code == .invalidInput)
            #expect(error.message.contains("is a smart playlist"))
        }
        await #expect(throws: LibraryError.self) { try await playlists.remove(positions: [1], from: "Rock") }
        await #expect(throws: LibraryError.self) { try await playlists.move(from: 1, to: 2, in: "Rock") }
        await #expect(throws: LibraryError.self) { try await playlists.clear("Rock") }
        await #expect(throws: LibraryError.self) { try await playlists.dedupe("Rock") }

        let frozen = try await playlists.freeze("Rock")
        #expect(!frozen.isSmart)
        #expect(frozen.trackCount == 3)
        try library.write("Album/07 Seven.mp3", FakeTagReader.track("Seven", track: 7, genres: ["Rock"]))
        try await library.scan()
        #expect(try await library.titles("Rock") == ["Thé", "Four", "Café"])
        try await playlists.move(from: 3, to: 1, in: "Rock")
        #expect(try await library.titles("Rock") == ["Café", "Thé", "Four"])
        await #expect(throws: LibraryError.self) { try await playlists.freeze("Rock") }
    }

    @Test func createWithFreezeStoresTheCurrentResult() async throws {
        let library = try await PlaylistTestLibrary()
        defer { library.folder.remove() }
        let playlist = try await library.playlists.create(PlaylistDraft(name: "Now", rule: try rule("genre:jazz", sort: "title-"), freeze: true))
        #expect(!playlist.isSmart)
        #expect(try await library.titles("Now") == ["Two", "One"])
    }

    @Test func duplicatingASmartPlaylistCopiesItsRule() async throws {
        let library = try await PlaylistTestLibrary()
        defer { library.folder.remove() }
        _ = try await library.playlists.create(PlaylistDraft(name: "Jazz", rule: try rule("genre:jazz", limit: 1)))
        let copy = try await library.playlists.duplicate("Jazz", as: "Jazz copy")
        #expect(copy.smartQuery == "genre:jazz")
        #expect(copy.smartLimit == 1)
        #expect(try await library.titles("Jazz copy") == ["One"])
    }

    @Test func entriesSurviveAMissingAndReturnCycle() async throws {
        let library = try await PlaylistTestLibrary()
        defer { library.folder.remove() }
        try await library.makePlaylist("Mix", ["Two", "One"])
        let id = try await library.id("Two")
        let file = library.folder.path(PlaylistTestLibrary.files[1])
        let aside = file + ".aside"
        try FileManager.default.moveItem(atPath: file, toPath: aside)
        try await library.scan()

        var entries = try await library.playlists.entries(of: "Mix")
        #expect(entries.map(\.track.title) == ["Two", "One"])
        #expect(entries.map(\.track.isMissing) == [true, false])
        #expect(entries.first?.track.id == id)

        try FileManager.default.moveItem(atPath: aside, toPath: file)
        try await library.scan()
        entries = try await library.playlists.entries(of: "Mix")
        #expect(entries.map(\.track.isMissing) == [false, false])
        #expect(entries.first?.track.id == id)
    }
}
