import Foundation
import LibraryCore
import LibraryServices
import TestSupport

/// A scanned folder of fake tracks ("One" ... "Five" on one album, in track order) and the
/// services over it, for playlist tests.
struct PlaylistTestLibrary {
    let folder: TemporaryDirectory
    let reader = FakeTagReader()
    let services: ServiceContainer
    var playlists: any PlaylistService { services.playlists }

    static let titles = ["One", "Two", "Thé", "Four", "Café"]
    static let files = ["Album/01 One.mp3", "Album/02 Two.mp3", "Album/03 Thé.mp3", "Album/04 Four.mp3", "Album/05 Café.mp3"]

    init() async throws {
        folder = try TemporaryDirectory("playlists")
        services = try .inMemory(reader: reader)
        for (index, file) in Self.files.enumerated() {
            try write(file, FakeTagReader.track(Self.titles[index], artist: "Artist", album: "Album", track: index + 1, year: 1960 + index, genres: index < 2 ? ["Jazz"] : ["Rock"], durationMs: 1000 * (index + 1)))
        }
        try await scan()
    }

    func write(_ relative: String, _ metadata: TrackMetadata) throws {
        try folder.write(relative, FakeTagReader.file(metadata))
    }

    func scan() async throws {
        _ = try await services.scanner.run(folder.url.path)
    }

    /// The id of the track titled `title`.
    func id(_ title: String) async throws -> Int64 {
        let tracks = try await services.library.tracks(ListRequest(includeMissing: true))
        guard let track = tracks.first(where: { $0.title == title }) else { throw LibraryError(.notFound, "no track \(title)") }
        return track.id
    }

    /// A request for the tracks with these titles (one query, default order).
    func request(_ query: String) throws -> ListRequest {
        ListRequest(query: try LibraryQuery.parse(query))
    }

    /// The titles of a playlist's entries in order.
    func titles(_ name: String) async throws -> [String] {
        try await playlists.entries(of: name).map(\.track.title)
    }

    /// A normal playlist holding the tracks with these titles, in this order.
    @discardableResult
    func makePlaylist(_ name: String, _ titles: [String]) async throws -> Playlist {
        _ = try await playlists.create(PlaylistDraft(name: name))
        for title in titles {
            _ = try await playlists.add(try request("title:=\"\(title)\""), to: name, at: nil)
        }
        return try await playlists.playlist(named: name)
    }
}
