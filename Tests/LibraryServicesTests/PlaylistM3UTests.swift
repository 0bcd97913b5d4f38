import Foundation
import LibraryCore
import LibraryServices
import Testing
import TestSupport

@Suite("Playlist service: M3U import and export")
struct PlaylistM3UTests {
    /// Copies a committed fixture into the library folder, with `{{ROOT}}` set to its path.
    func place(_ fixture: String, in library: PlaylistTestLibrary, as name: String? = nil) throws -> URL {
        let data = try Data(contentsOf: Fixtures.url("m3u/\(fixture)"))
        let text = String(decoding: data, as: UTF8.self).replacingOccurrences(of: "{{ROOT}}", with: library.folder.url.path)
        let url = library.folder.url.appendingPathComponent(name ?? fixture)
        try Data(text.utf8).write(to: url)
        return url
    }

    @Test func messyFileImportsWhatMatchesAndReportsTheRestWithLineNumbers() async throws {
        let library = try await PlaylistTestLibrary()
        defer { library.folder.remove() }
        let url = try place("messy.m3u8", in: library)
        let data = try Data(contentsOf: url)
        #expect(data.starts(with: [0xEF, 0xBB, 0xBF]))
        #expect(data.contains(0x0D))

        let result = try await library.playlists.importM3U(data, from: url, name: nil)

        #expect(result.playlist.name == "messy")
        #expect(result.unmatched == [
            M3UEntry(line: 12, location: "Nowhere/nothing.mp3"),
            M3UEntry(line: 13, location: "http://example.com/stream.mp3"),
        ])
        #expect(try await library.titles("messy") == ["One", "Two", "Thé", "Four", "Café", "One"])
    }

    @Test func plainFileWithoutExtInfImportsInOrderUnderAGivenName() async throws {
        let library = try await PlaylistTestLibrary()
        defer { library.folder.remove() }
        let url = try place("plain.m3u", in: library)
        let result = try await library.playlists.importM3U(try Data(contentsOf: url), from: url, name: "Two then one")
        #expect(result.unmatched.isEmpty)
        #expect(try await library.titles("Two then one") == ["Two", "One"])
    }

    @Test func importCreatesNothingFromAnEmptyOrUnmatchedFileOrATakenName() async throws {
        let library = try await PlaylistTestLibrary()
        defer { library.folder.remove() }
        let empty = try place("empty.m3u", in: library)
        await #expect(throws: LibraryError.self) { try await library.playlists.importM3U(try Data(contentsOf: empty), from: empty, name: nil) }
        let elsewhere = URL(fileURLWithPath: "/nonexistent/folder/plain.m3u")
        await #expect(throws: LibraryError.self) {
            try await library.playlists.importM3U(try Data(contentsOf: Fixtures.url("m3u/plain.m3u")), from: elsewhere, name: nil)
        }
        #expect(try await library.playlists.playlists().isEmpty)
        _ = try await library.playlists.create(PlaylistDraft(name: "PLAIN"))
        let plain = try place("plain.m3u", in: library)
        await #expect(throws: LibraryError.self) { try await library.playlists.importM3U(try Data(contentsOf: plain), from: plain, name: nil) }
        #expect(try await library.playlists.playlists().count == 1)
    }

    @Test func exportWritesExtendedM3UWithAbsoluteOrRelativePaths() async throws {
        let library = try await PlaylistTestLibrary()
        defer { library.folder.remove() }
        try await library.makePlaylist("Mix", ["Two", "Café"])
        let root = library.folder.url.path
        let absolute = try await library.playlists.exportM3U("Mix", paths: .absolute)
        #expect(absolute == "#EXTM3U\n#EXTINF:2,Artist - Two\n\(root)/Album/02 Two.mp3\n#EXTINF:5,Artist - Café\n\(root)/Album/05 Café.mp3\n")
        let relative = try await library.playlists.exportM3U("mix", paths: .relative(to: root + "/Lists"))
        #expect(relative.contains("\n../Album/02 Two.mp3\n"))
    }

    @Test(arguments: [false, true])
    func exportThenImportGivesTheSameEntriesInTheSameOrder(relative: Bool) async throws {
        let library = try await PlaylistTestLibrary()
        defer { library.folder.remove() }
        try await library.makePlaylist("Mix", ["Four", "One", "Café", "One", "Thé"])
        let before = try await library.playlists.entries(of: "Mix").map(\.track.id)
        let url = library.folder.url.appendingPathComponent("Lists/mix.m3u8")
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        let text = try await library.playlists.exportM3U("Mix", paths: relative ? .relative(to: url.deletingLastPathComponent().path) : .absolute)
        try Data(text.utf8).write(to: url)

        let result = try await library.playlists.importM3U(try Data(contentsOf: url), from: url, name: "Mix again")

        #expect(result.unmatched.isEmpty)
        #expect(try await library.playlists.entries(of: "Mix again").map(\.track.id) == before)
    }

    @Test func parserHandlesLoneCarriageReturnsAndCandidatePaths() {
        #expect(M3U.parse("#EXTM3U\ra.mp3\r\rb.mp3").map(\.line) == [2, 4])
        #expect(M3U.candidatePaths(for: "file:///a/b%20c.mp3", baseDirectory: "/x") == ["/a/b c.mp3"])
        #expect(M3U.candidatePaths(for: "file://localhost/a.mp3", baseDirectory: "/x") == ["/a.mp3"])
        #expect(M3U.candidatePaths(for: "file://server/a.mp3", baseDirectory: "/x").isEmpty)
        #expect(M3U.candidatePaths(for: "sub\\a.mp3", baseDirectory: "/x") == ["/x/sub\\a.mp3", "/x/sub/a.mp3"])
        #expect(M3U.candidatePaths(for: "../y/./a.mp3", baseDirectory: "/x/z") == ["/x/y/a.mp3"])
        #expect(M3U.relativePath("/m/a/b.mp3", from: "/m/lists") == "../a/b.mp3")
    }

    /// An entry matches a track by the same text a `path:` query matches: one normalisation.
    @Test func candidatePathsAreWhatAPathQueryMatches() throws {
        let spelled = "Bjo\u{308}rk/./cd1/../a.mp3"
        let candidates = M3U.candidatePaths(for: spelled, baseDirectory: "/m//lists")
        #expect(candidates.map { Array($0.unicodeScalars) } == [Array("/m/lists/Bj\u{F6}rk/a.mp3".unicodeScalars)])
        let query = try LibraryQuery.parse("path:" + spelled, currentDirectory: "/m//lists")
        #expect(Array(query.description.unicodeScalars) == Array(("path:" + candidates[0]).unicodeScalars))
    }
}
