import Foundation
@testable import KanoraAPI
import LibraryCore
import Testing

/// `TrackJSON` writes playlist entries and listing rows itself: the values must be those
/// `JSONEncoder` writes, so every client reads the same answers.
@Suite("Track JSON written as bytes")
struct TrackJSONTests {
    private static let tricky = Track(
        id: -9, libraryID: Int64.max, libraryName: "Quote \" back\\slash / slash", path: RawPath("/m/a\u{1}b\tc\n\"d\".flac"),
        fileSize: Int64.min, mtimeNs: 0,
        metadata: TrackMetadata(
            format: "Opus", durationMs: -1, bitrate: 0, hasCoverArt: false,
            title: "Line\u{2028}sep \u{7F} \u{1F} \u{8}\u{C}\r 🎵 é", artists: ["", "A, B"], albumArtists: [],
            trackNumber: 0, year: -44, genres: ["Rock/Pop", "\u{0}"], compilation: false, bpm: 120,
            musicBrainz: MusicBrainzIDs(albumID: "x"),
            replayGain: ReplayGain(trackGain: 1e-7, albumPeak: 123_456_789_012_345_680_000.0),
            otherTags: ["Z": [], "A": ["1", "2"], "m/x": ["\\"]]),
        albumID: 0, addedAt: Date(timeIntervalSince1970: -86_400.25), updatedAt: Date(timeIntervalSince1970: 1_800_000_000.999),
        missingSince: nil)

    private static let tracks = [TrackCodingTests.full, TrackCodingTests.bare, tricky]

    /// JSON text parsed into Foundation objects: equal when the values are, whatever the key order.
    private func parsed(_ data: Data) throws -> NSObject {
        try #require(try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) as? NSObject)
    }

    @Test func playlistEntriesHoldWhatJSONEncoderWrites() throws {
        let entries = Self.tracks.enumerated().map { PlaylistEntry(position: $0.offset + 1, track: $0.element) }
        let written = try PlaylistEntry.jsonArray(entries[...])
        #expect(try parsed(written) == parsed(API.encoder.encode(entries)))
        #expect(try API.decoder.decode([PlaylistEntry].self, from: written) == entries)
        #expect(try PlaylistEntry.jsonArray(entries[1..<2]) == Data(#"[{"position":2,"track":{"id":1,"libraryID":1,"libraryName":"L","path":{"base64":"L\/8="},"fileSize":0,"mtimeNs":0,"metadata":{"format":"MP3","durationMs":0,"hasCoverArt":false,"artists":[],"albumArtists":[],"genres":[],"compilation":false,"musicBrainz":{},"replayGain":{},"otherTags":{}},"addedAt":"1970-01-01T00:00:00.000Z","updatedAt":"1970-01-01T00:00:00.000Z"}}]"#.utf8))
        #expect(try PlaylistEntry.jsonArray([][...]) == Data("[]".utf8))
    }

    @Test func listingRowsAreTheBytesJSONEncoderWrites() throws {
        let rows = Self.tracks.map(TrackRow.init)
        let written = try TrackRow.jsonArray(rows[...])
        #expect(try parsed(written) == parsed(API.encoder.encode(rows)))
        #expect(try API.decoder.decode([TrackRow].self, from: written) == rows)
        // With at most one other tag (no key order to differ), the very bytes.
        #expect(try TrackRow.jsonArray(rows[0..<2]) == API.encoder.encode(Array(rows[0..<2])))
    }

    @Test func datesFoundationWritesAreWrittenAsThere() throws {
        // Before 1583 and from the year 10000 on, `APIDate` leaves dates to Foundation.
        var track = TrackCodingTests.bare
        for seconds in [-20_000_000_000.0, -12_212_553_600.0, 0.0005, 253_402_300_799.999, 253_402_300_800.0, 300_000_000_000.0] {
            track.addedAt = Date(timeIntervalSince1970: seconds)
            let entries = [PlaylistEntry(position: 1, track: track)]
            let written = try PlaylistEntry.jsonArray(entries[...])
            #expect(try parsed(written) == parsed(API.encoder.encode(entries)), "\(seconds)")
        }
    }

    @Test func aNonFiniteNumberFailsAsWithJSONEncoder() throws {
        var track = TrackCodingTests.bare
        track.metadata.bpm = .nan
        #expect(throws: EncodingError.self) { try API.encoder.encode([TrackRow(track)]) }
        #expect(throws: EncodingError.self) { try TrackRow.jsonArray([TrackRow(track)][...]) }
        #expect(throws: EncodingError.self) { try PlaylistEntry.jsonArray([PlaylistEntry(position: 1, track: track)][...]) }
    }

    @Test func slicesOfALongPlaylistMakeOneArrayOfEveryEntry() async throws {
        let entries = (0..<2_345).map { n in
            var track = Self.tracks[n % 3]
            track.id = Int64(n)
            return PlaylistEntry(position: n + 1, track: track)
        }
        var body = Data()
        try await entries.encodeInSlices { body.append($0) }
        #expect(try API.decoder.decode([PlaylistEntry].self, from: body) == entries)
        #expect(try parsed(body) == parsed(API.encoder.encode(entries)))
    }
}
