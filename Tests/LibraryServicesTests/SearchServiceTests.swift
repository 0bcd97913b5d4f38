import Foundation
import LibraryCore
import LibraryServices
import Testing
import TestSupport

@Suite("Full-text search through LibraryService")
struct SearchServiceTests {
    let folder: TemporaryDirectory
    let services: ServiceContainer

    init() throws {
        folder = try TemporaryDirectory("search")
        services = try .inMemory(reader: FakeTagReader())
    }

    private func write(_ relative: String, _ metadata: TrackMetadata) throws {
        try folder.write(relative, FakeTagReader.file(metadata))
    }

    private func scan() async throws {
        _ = try await services.scanner.run(folder.url.path)
    }

    private func titles(_ text: String, limit: Int? = nil) async throws -> [String] {
        try await services.library.search(text, limit: limit).map(\.title)
    }

    @Test func titleMatchesRankFirst() async throws {
        defer { folder.remove() }
        try write("1.mp3", FakeTagReader.track("Morning", artist: "Blue Notes", album: "Blue Album", genres: ["Blues"]))
        try write("2.mp3", FakeTagReader.track("Evening", artist: "Someone", album: "Blue Train"))
        try write("3.mp3", FakeTagReader.track("Blue", artist: "Someone Else", album: "Colours"))
        try write("4.mp3", FakeTagReader.track("Unrelated", artist: "Nobody", album: "Nothing"))
        try await scan()

        let found = try await titles("blue")
        #expect(found.first == "Blue")
        #expect(Set(found) == ["Blue", "Morning", "Evening"])
        #expect(try await titles("blue", limit: 1) == ["Blue"])
    }

    @Test func diacriticsAndCaseAreFolded() async throws {
        defer { folder.remove() }
        try write("1.mp3", FakeTagReader.track("Jóga", artist: "Björk", album: "Homogenic"))
        try write("2.mp3", FakeTagReader.track("Kickstart My Heart", artist: "Mötley Crüe"))
        try await scan()

        #expect(try await titles("BJORK") == ["Jóga"])
        #expect(try await titles("joga") == ["Jóga"])
        #expect(try await titles("Björk jóga") == ["Jóga"])
        #expect(try await titles("motley crue") == ["Kickstart My Heart"])
    }

    @Test func theLastWordIsAPrefix() async throws {
        defer { folder.remove() }
        try write("1.mp3", FakeTagReader.track("Blue Train", artist: "John Coltrane"))
        try write("2.mp3", FakeTagReader.track("Giant Steps", artist: "John Coltrane"))
        try await scan()

        #expect(try await titles("blue tra") == ["Blue Train"])
        #expect(try await titles("coltr").sorted() == ["Blue Train", "Giant Steps"])
        // Only the last word is a prefix.
        #expect(try await titles("blu train") == [])
    }

    @Test func followsUpdatesAndHidesMissingTracks() async throws {
        defer { folder.remove() }
        try write("a/1.mp3", FakeTagReader.track("Old Name", artist: "Somebody"))
        try write("b/2.mp3", FakeTagReader.track("Keeper", artist: "Somebody"))
        try await scan()
        #expect(try await titles("old") == ["Old Name"])

        try write("a/1.mp3", FakeTagReader.track("Nouvelle Chanson, longer", artist: "Somebody"))
        try await scan()
        #expect(try await titles("old") == [])
        #expect(try await titles("nouvelle") == ["Nouvelle Chanson, longer"])

        try FileManager.default.removeItem(atPath: folder.path("a/1.mp3"))
        try await scan()
        #expect(try await titles("nouvelle") == [])
        #expect(try await titles("somebody") == ["Keeper"])
        // The track is kept (missing), only hidden from search.
        #expect(try await services.library.tracks(ListRequest(includeMissing: true)).count == 2)
    }

    @Test("text without a word to search for is invalid input", arguments: ["", "  ", "- *"])
    func nothingToSearchFor(text: String) async throws {
        defer { folder.remove() }
        await #expect(throws: LibraryError.self) { try await services.library.search(text, limit: nil) }
        do {
            _ = try await services.library.search(text, limit: nil)
        } catch let error as LibraryError {
            #expect(error.code == .invalidInput)
        }
    }
}
