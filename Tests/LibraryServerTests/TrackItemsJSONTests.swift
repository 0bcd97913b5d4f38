import Foundation
import KanoraAPI
import LibraryCore
@testable import LibraryServer
import Testing

/// The playlist screen's rows written by hand are the bytes `JSONEncoder` writes.
@Suite("Track rows as JSON")
struct TrackItemsJSONTests {
    /// Rows with every optional set and unset, texts to escape, and lengths `JSONEncoder`
    /// writes as integers, fractions and long decimals.
    static let rows: [TrackItem] = [
        TrackItem(
            id: 1, title: "So \"What\" / \\ 1\u{1F}\t\n", artist: "Miles Davis, Bill Evans", album: "Kind of Blue", albumID: 7,
            artistID: 3, number: "1", durationSeconds: 545, starred: true, streamURL: "/api/v1/stream?id=1", note: nil, position: 1),
        TrackItem(
            id: 9_000_000_001, title: "Jóga 🎷 \u{2028}", artist: "", album: "", albumID: nil, artistID: nil, number: nil,
            durationSeconds: 215.333, starred: false, streamURL: nil, note: .key("track.note.unplayable", ["format": .text("WMA")]),
            position: 5_000),
        TrackItem(
            id: 3, title: "Tiny", artist: "A", album: "B", albumID: 2, artistID: nil, number: "12", durationSeconds: 0.001,
            starred: false, streamURL: "/api/v1/stream?id=3&format=opus", note: LocalizableString(resolved: "as decoded"), position: nil),
        TrackItem(
            id: 4, title: "Long", artist: "A", album: "B", albumID: 2, artistID: 8, number: "2", durationSeconds: 36_000.1 / 3,
            starred: true, streamURL: nil, note: nil, position: 2),
    ]

    @Test(arguments: ["en", "de"])
    func aPlaylistScreenIsTheBytesJSONEncoderWrites(language: String) throws {
        let localizer = Localization.shipped.localizer(for: language)
        for screen in [
            PlaylistScreen.stub(),
            PlaylistScreen(
                playlistID: 4, name: "\"tracks\":[] / Mix", smart: true, query: "genre:\"tracks\":[]", description: nil,
                summary: ScreenRows.tracksAndLength(count: 4, milliseconds: 12_345_678), tracks: Self.rows),
            PlaylistScreen(
                playlistID: 5, name: "Empty", smart: false, query: nil, description: "none", summary: .key("summary.tracks", count: 0),
                tracks: []),
        ] {
            let expected = [UInt8](try ViewModelRoutes.encoder(localizer: localizer).encode(screen))
            let written = try TrackItemsJSON.encode(screen, localizer: localizer)
            #expect(String(decoding: written, as: UTF8.self) == String(decoding: expected, as: UTF8.self))
        }
    }

    @Test func aLengthJSONCannotHoldIsRefusedAsJSONEncoderRefusesIt() throws {
        var screen = PlaylistScreen.stub()
        screen.tracks[0].durationSeconds = .nan
        #expect(throws: EncodingError.self) { try TrackItemsJSON.encode(screen, localizer: Localization.shipped.localizer(for: "en")) }
    }
}
