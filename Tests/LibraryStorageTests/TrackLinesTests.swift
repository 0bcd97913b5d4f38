import Foundation
import LibraryCore
@testable import LibraryStorage
import Testing

/// A track line (`TrackStore.forEachTrackLine`, `searchLines`) holds what the track read
/// with `briefColumns` holds, row after row, whatever the row before held.
@Suite struct TrackLinesTests {
    private let database: DatabasePool
    private let libraryID: Int64
    private let folderID: Int64

    init() throws {
        (database, libraryID, folderID) = try Fixture.libraryWithFolder()
    }

    /// A line's values, copied out of its buffers.
    private struct Values: Equatable {
        var id: Int64, title: String?, untitledPath: RawPath?, artists: [String], album: String?
        var numbers: [Int?], durationMs: Int, format: String, isMissing: Bool

        init(_ line: TrackLine) {
            let text = { (bytes: UnsafeBufferPointer<UInt8>) in String(decoding: bytes, as: UTF8.self) }
            (id, title, untitledPath, artists, album) = (line.id, line.title.map(text), line.untitledPath, line.artists.map(text), line.album.map(text))
            numbers = [line.trackNumber, line.discNumber, line.discTotal, line.year]
            (durationMs, format, isMissing) = (line.durationMs, text(line.format), line.isMissing)
        }
    }

    private func save(_ title: String, artists: [String], album: String?, path: String) throws -> Int64 {
        var metadata = TrackMetadata(format: "FLAC", durationMs: 181_500, title: title, artists: artists, album: album)
        metadata.trackNumber = 3
        metadata.discNumber = 2
        metadata.discTotal = 2
        metadata.year = 1997
        let record = TrackRecord(
            metadata: metadata, file: FileFacts(path: RawPath(path), size: 1, mtimeNs: 1, ctimeNs: 1, inode: 1), fingerprint: path)
        return try database.write { db in
            let id = try TrackStore.save(
                record, existingID: nil, libraryID: libraryID, folderID: folderID, albumID: nil, generation: 1,
                now: Date(timeIntervalSince1970: 1000), db).id
            try TrackStore.indexForSearch(ids: [id], db)
            return id
        }
    }

    /// Plain and escaped artists, none, non-ASCII text, no album, a bare track and a missing one.
    private func saveTracks() throws {
        _ = try save("Jóga love", artists: ["Björk", "Guest"], album: "Homogenic", path: "/m/a/1.flac")
        _ = try save("Quote love", artists: ["Guest \"MC\"", "Back\\slash", "東京事変"], album: nil, path: "/m/a/2.flac")
        _ = try save("Bare love", artists: [], album: nil, path: "/m/a/3.flac")
        _ = try save("Plain love", artists: ["Solo"], album: "Album", path: "/m/a/4.flac")
        let missing = try save("Gone love", artists: ["Björk"], album: "Post", path: "/m/a/5.flac")
        try database.write { db in try TrackStore.markMissing(ids: [missing], now: Date(timeIntervalSince1970: 5), db) }
    }

    /// The lines of every track in id order, and the lines of the same tracks read as brief tracks.
    private func linesAndBriefTracks(includeMissing: Bool) throws -> (lines: [Values], tracks: [Values]) {
        try database.read { db in
            var lines: [Values] = []
            try TrackStore.forEachTrackLine(where: "1", orderBy: "t.id", limit: nil, includeMissing: includeMissing, db) {
                lines.append(Values($0))
            }
            let tracks = try TrackStore.tracks(
                where: "1", orderBy: "t.id", limit: nil, includeMissing: includeMissing, columns: TrackStore.briefColumns, db)
            return (lines, tracks.map { TrackLine.lending($0, Values.init) })
        }
    }

    @Test func linesHoldWhatBriefTracksHold() throws {
        try saveTracks()
        for includeMissing in [false, true] {
            let (lines, tracks) = try linesAndBriefTracks(includeMissing: includeMissing)
            #expect(lines.count == (includeMissing ? 5 : 4))
            #expect(lines == tracks)
        }
    }

    @Test func numbersStoredAsOtherKindsAreReadAsTracksReadThem() throws {
        try saveTracks()
        // A REAL reads as its whole part, text or a blob in a number column as nothing.
        try database.write { db in
            try db.execute("UPDATE track SET year = 1997.0 + 0.5, track_number = 'x', disc_number = X'01' WHERE id = 1")
            try db.execute("UPDATE track SET year = 2001.0 + 0.0, disc_total = 'two' WHERE id = 2")
        }
        let (lines, tracks) = try linesAndBriefTracks(includeMissing: true)
        #expect(lines.first?.numbers == [nil, nil, 2, 1997])
        #expect(lines.dropFirst().first?.numbers == [3, 2, nil, 2001])
        #expect(lines == tracks)
    }

    @Test func albumArtistsAreReadWhenTheFieldsNameThem() throws {
        try saveTracks()
        try database.write { db in
            try db.execute(#"UPDATE track SET album_artists = '["Björk","A \"B\""]' WHERE id = 1"#)
            try db.execute(#"UPDATE track SET album_artists = '["Solo"]' WHERE id = 4"#)
        }
        func albumArtists(_ fields: Set<String>?) throws -> [[String]] {
            try database.read { db in
                var found: [[String]] = []
                try TrackStore.forEachTrackLine(where: "1", orderBy: "t.id", limit: nil, includeMissing: false, fields: fields, db) {
                    found.append($0.albumArtists.map { String(decoding: $0, as: UTF8.self) })
                }
                return found
            }
        }
        #expect(try albumArtists(["albumartist", "title"]) == [["Björk", "A \"B\""], [], [], ["Solo"]])
        #expect(try albumArtists(["title"]) == [[], [], [], []])
        // Only the fields named are read: the others are empty.
        let titles = try database.read { db in
            var lines: [Values] = []
            try TrackStore.forEachTrackLine(where: "1", orderBy: "t.id", limit: 2, includeMissing: false, fields: ["title"], db) {
                lines.append(Values($0))
            }
            return lines
        }
        #expect(titles.map(\.title) == ["Jóga love", "Quote love"])
        #expect(titles.allSatisfy {
            $0.artists.isEmpty && $0.album == nil && $0.numbers == [nil, nil, nil, nil] && $0.durationMs == 0 && $0.format.isEmpty
        })
        #expect(try albumArtists(nil) == [[], [], [], []])
    }

    @Test func theLinesOfATrackListingAreTheLinesOfItsTracks() throws {
        try saveTracks()
        let lines = try database.read { db in
            var lines: [Values] = []
            try TrackStore.forEachTrackLine(where: "1", orderBy: "t.id DESC", limit: 3, includeMissing: true, db) {
                lines.append(Values($0))
            }
            return lines
        }
        #expect(lines.map(\.title) == ["Gone love", "Plain love", "Bare love"])
        #expect(lines.map(\.isMissing) == [true, false, false])
        #expect(lines.map(\.artists) == [["Björk"], ["Solo"], []])
        #expect(lines.map(\.album) == ["Post", "Album", nil])
        #expect(lines.allSatisfy { $0.untitledPath == nil && $0.numbers == [3, 2, 2, 1997] && $0.format == "FLAC" })
    }

    @Test func searchLinesHoldWhatSearchedTracksHold() throws {
        try saveTracks()
        let query = try SearchQuery.parse("love")
        for limit in [nil, 1, 2, 10] as [Int?] {
            let (lines, tracks) = try database.read { db in
                var lines: [Values] = []
                try TrackStore.searchLines(query, limit: limit, db) { lines.append(Values($0)) }
                let tracks = try TrackStore.search(query, limit: limit, columns: TrackStore.briefColumns, db)
                return (lines, tracks.map { TrackLine.lending($0, Values.init) })
            }
            #expect(lines.count == min(limit ?? 4, 4), "limit \(String(describing: limit))")
            #expect(lines == tracks)
            #expect(!lines.contains { $0.isMissing })
        }
        let escaped = try database.read { db in
            var lines: [Values] = []
            try TrackStore.searchLines(try SearchQuery.parse("quote"), limit: nil, db) { lines.append(Values($0)) }
            return lines
        }
        #expect(escaped.map(\.artists) == [["Guest \"MC\"", "Back\\slash", "東京事変"]])
    }

    @Test func plainArraysAreSplitInPlaceAndOthersRefused() {
        func split(_ text: String) -> [String]? {
            var copy = text
            return copy.withUTF8 { bytes in
                var values: [String] = []
                return JSONText.forEachPlainElement(of: bytes, { values.append(String(decoding: $0, as: UTF8.self)) }) ? values : nil
            }
        }
        #expect(split("[]") == [])
        #expect(split(#"["a"]"#) == ["a"])
        #expect(split(#"["Björk","","東京, 事変"]"#) == ["Björk", "", "東京, 事変"])
        #expect(split(#"["a\"b"]"#) == nil)
        #expect(split(#"[1]"#) == nil)
        #expect(split("") == nil)
    }
}
