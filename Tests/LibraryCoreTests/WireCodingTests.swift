import Foundation
import LibraryCore
import Testing

/// The models a remote client and the server exchange survive JSON unchanged.
@Suite("Wire coding: models round-trip through JSON")
struct WireCodingTests {
    private func roundTrip<Value: Codable>(_ value: Value) throws -> (Value, String) {
        let data = try JSONEncoder().encode(value)
        return (try JSONDecoder().decode(Value.self, from: data), String(decoding: data, as: UTF8.self))
    }

    @Test("a UTF-8 path travels as text, any other bytes as exact base64")
    func paths() throws {
        let text = RawPath("/music/Björk/01 Jóga.flac")
        let (decodedText, json) = try roundTrip(text)
        #expect(decodedText == text)
        #expect(json == #""\/music\/Björk\/01 Jóga.flac""#)

        let latin1 = RawPath(bytes: Array("/music/".utf8) + [0xE9, 0x2E, 0x6D, 0x70, 0x33])
        let (decodedBytes, bytesJSON) = try roundTrip(latin1)
        #expect(decodedBytes.bytes == latin1.bytes)
        #expect(bytesJSON.contains("base64"))
    }

    @Test("a query travels as its canonical text and parses back equal", arguments: [
        ["album:Kind of Blue", "year:1958..1961"],
        ["^genre:rock", ",", "title::^a{1,3}$"],
        ["added:-7d..", "length:..3:00"],
        ["path:/music/Rain 509"],
        [],
    ])
    func queries(arguments: [String]) throws {
        let query = try LibraryQuery.parse(arguments: arguments, currentDirectory: "/home/u")
        let (decoded, json) = try roundTrip(query)
        #expect(decoded == query)
        #expect(json == (try String(decoding: JSONEncoder().encode(query.description), as: UTF8.self)))
    }

    @Test("a malformed query in JSON is a decoding error naming it")
    func badQuery() {
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(LibraryQuery.self, from: Data(#""year:abc""#.utf8))
        }
    }

    @Test("a sort order travels as its keys")
    func sortOrder() throws {
        let order = try SortOrder.parse(["year-", "title"])
        let (decoded, json) = try roundTrip(order)
        #expect(decoded == order)
        #expect(json == #""year- title+""#)
    }

    @Test("a track round-trips with every field, dates to the sub-second")
    func track() throws {
        let metadata = TrackMetadata(format: "FLAC", durationMs: 305_000, title: "Jóga", artists: ["Björk"], bpm: 92.5, otherTags: ["MOOD": ["calm"]])
        let track = Track(
            id: 7, libraryID: 1, libraryName: "Music", path: RawPath("/m/a.flac"), fileSize: 123,
            mtimeNs: 1_700_000_000_123_456_789, metadata: metadata, albumID: nil,
            addedAt: Date(timeIntervalSince1970: 1_700_000_000.123), updatedAt: Date(timeIntervalSince1970: 1_700_000_001.5),
            missingSince: nil)
        let (decoded, _) = try roundTrip(track)
        #expect(decoded == track)
    }
}
