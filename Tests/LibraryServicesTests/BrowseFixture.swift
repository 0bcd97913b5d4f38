import Foundation
import LibraryCore
import TestSupport

/// A small fake-tagged collection: four albums (one a compilation), articles, accents,
/// multi-valued genres, and a loose track without an album.
enum BrowseFixture {
    static func write(into harness: BrowseHarness) throws {
        try harness.write("The Beatles/Abbey Road/01.mp3", FakeTagReader.track(
            "Come Together", artist: "The Beatles", album: "Abbey Road", track: 1, year: 1969, genres: ["Rock"]))
        try harness.write("The Beatles/Abbey Road/02.mp3", FakeTagReader.track(
            "Something", artist: "The Beatles", album: "Abbey Road", track: 2, year: 1969, genres: ["Rock", "Pop"]))
        try harness.write("Björk/Homogenic/b.mp3", FakeTagReader.track(
            "Jóga", artist: "Björk", album: "Homogenic", track: 2, year: 1997, genres: ["Electronic"]))
        try harness.write("Björk/Homogenic/a.mp3", FakeTagReader.track(
            "Hunter", artist: "Björk", album: "Homogenic", track: 1, year: 1997, genres: ["electronic"]))
        try harness.write("Air/Moon Safari/1.mp3", FakeTagReader.track(
            "La femme d'argent", artist: "Air", album: "Moon Safari", track: 1, year: 1998, genres: ["Electronic"]))
        try harness.write("Sampler/1.mp3", FakeTagReader.track(
            "Army of Me", artist: "Björk", album: "Sampler", albumArtist: "Various Artists", track: 1, year: 2000,
            compilation: true))
        try harness.write("loose.mp3", FakeTagReader.track("Loose", artist: "東京事変", album: nil))
    }

    /// A harness with the collection written and scanned.
    static func scanned() async throws -> BrowseHarness {
        let harness = try BrowseHarness()
        try write(into: harness)
        try await harness.scan()
        return harness
    }

    /// Every album title, alphabetically.
    static let albums = ["Abbey Road", "Homogenic", "Moon Safari", "Sampler"]
}
