import Foundation
import LibraryCore
@testable import LibraryStorage
import Testing

/// A track is read by column name through `TrackColumns`: whatever the order of the
/// columns and whatever else the statement selects, the same track comes back.
@Suite struct TrackColumnsTests {
    private let database: DatabasePool
    private let libraryID: Int64
    private let folderID: Int64

    init() throws {
        (database, libraryID, folderID) = try Fixture.libraryWithFolder()
    }

    private static let tagged = TrackMetadata(
        format: "FLAC", durationMs: 181_500, bitrate: 900, sampleRate: 44_100, channels: 2, bitDepth: 16, hasCoverArt: true,
        title: "Jóga", titleSort: "Joga", artists: ["Björk", "Guest"], artistSort: "Bjork", albumArtists: ["Björk"],
        albumArtistSort: "Bjork", album: "Homogenic", albumSort: "Homogenic", trackNumber: 1, trackTotal: 10, discNumber: 1,
        discTotal: 1, date: "1997-09-22", year: 1997, originalDate: "1997", originalYear: 1997, genres: ["Electronic", "Pop"],
        composer: "Björk", comment: "first", compilation: false, bpm: 95.5,
        musicBrainz: MusicBrainzIDs(
            recordingID: "r", trackID: "t", albumID: "a", releaseGroupID: "g", artistID: "ar", albumArtistID: "aa"),
        replayGain: ReplayGain(trackGain: -6.5, trackPeak: 0.98, albumGain: -7, albumPeak: 0.99),
        otherTags: ["ISRC": ["GBAAA9700001"]], damage: "last frame cut short")

    private func save(_ metadata: TrackMetadata, path: String) throws -> Int64 {
        let record = TrackRecord(
            metadata: metadata, file: FileFacts(path: RawPath(path), size: 1234, mtimeNs: 5_000_000_000, ctimeNs: 1, inode: 9),
            fingerprint: "f")
        return try database.write { db in
            try TrackStore.save(
                record, existingID: nil, libraryID: libraryID, folderID: folderID, albumID: nil, generation: 1,
                now: Date(timeIntervalSince1970: 1000), db).id
        }
    }

    @Test func everyFieldComesBackWhateverTheColumnOrder() throws {
        let id = try save(Self.tagged, path: "/music/a/1.flac")
        let found = try #require(try database.read { db in try TrackStore.find(id: id, db) })
        #expect(found.metadata == Self.tagged)
        #expect(found.id == id && found.libraryID == libraryID && found.libraryName == "Music")
        #expect(found.path == RawPath("/music/a/1.flac") && found.fileSize == 1234 && found.mtimeNs == 5_000_000_000)
        #expect(found.addedAt == Date(timeIntervalSince1970: 1000) && found.missingSince == nil)
        // Other columns first, the track's in reverse order: read by name, the track is the same.
        let reversed = TrackColumns.all.reversed().map(\.expression).joined(separator: ", ")
        let shuffled = try database.read { db in
            try TrackStore.tracks(try db.makeStatement("""
                SELECT 'x' AS position, 42 AS folder_id, \(sql: reversed)
                FROM track t JOIN library l ON l.id = t.library_id WHERE t.id = \(id)
                """))
        }
        #expect(shuffled == [found])
    }

    @Test func nullColumnsAreNilFields() throws {
        let bare = TrackMetadata(format: "MP3")
        let id = try save(bare, path: "/music/a/bare.mp3")
        let found = try #require(try database.read { db in try TrackStore.find(id: id, db) })
        // The title column holds the file name; the tag itself is the only field filled in.
        var expected = bare
        expected.title = "bare"
        #expect(found.metadata == expected)
        #expect(found.metadata.audio.bitrate == nil && found.metadata.trackNumber == nil && found.metadata.bpm == nil)
        #expect(found.albumID == nil && found.missingSince == nil)
    }

    @Test func aLayoutLeavingColumnsOutKeepsTheirFieldsEmpty() throws {
        let id = try save(Self.tagged, path: "/music/a/2.flac")
        let omitted: Set<String> = ["other_tags", "damage"]
        let track = try database.read { db in
            let statement = try db.makeStatement("""
                SELECT \(sql: TrackColumns.selectList(leavingOut: omitted))
                FROM track t JOIN library l ON l.id = t.library_id WHERE t.id = \(id)
                """)
            let layout = TrackColumns.Layout(statement, leavingOut: omitted)
            var tracks: [Track] = []
            try statement.forEach { tracks.append(layout.track($0)) }
            return tracks
        }
        var expected = Self.tagged
        expected.otherTags = [:]
        expected.damage = nil
        #expect(track.map(\.metadata) == [expected])
    }

    /// A song (`BrowseStore.songs`) reads the fields songs show, each as stored, and leaves
    /// the others as a blank track has them: a field dropped from `songKeeps` fails here.
    @Test func aSongReadsTheFieldsSongsShowAndNoOther() throws {
        let id = try save(Self.tagged, path: "/music/a/song.flac")
        let (found, songs) = try database.read { db in
            (try TrackStore.find(id: id, db), try BrowseStore.songs(ids: [id], userID: 1, db))
        }
        var expected = try #require(found)
        expected.libraryID = 0
        expected.libraryName = ""
        expected.mtimeNs = 0
        expected.updatedAt = TrackColumns.placeholder.updatedAt
        expected.metadata.artistSort = nil
        expected.metadata.albumArtistSort = nil
        expected.metadata.albumSort = nil
        expected.metadata.trackTotal = nil
        expected.metadata.discTotal = nil
        expected.metadata.date = nil
        expected.metadata.originalDate = nil
        expected.metadata.originalYear = nil
        expected.metadata.musicBrainz = MusicBrainzIDs(recordingID: "r")
        expected.metadata.otherTags = [:]
        expected.metadata.damage = nil
        #expect(songs.map(\.track) == [expected])
        #expect(expected.metadata.title == "Jóga" && expected.metadata.replayGain.albumPeak == 0.99)
    }

    /// A layout made once for statements that select the columns first reads, by position,
    /// what one found by name reads, whatever the statement selects after them.
    @Test func aLeadingLayoutReadsTheColumnsByPositionAsByName() throws {
        let id = try save(Self.tagged, path: "/music/a/7.flac")
        for omitted: Set<String> in [[], ["other_tags"], ["other_tags", "damage"], ["path"]] {
            let (byName, byPosition) = try database.read { db in
                let statement = try db.makeStatement("""
                    SELECT \(sql: TrackColumns.selectList(leavingOut: omitted)), 42 AS folder_id, 'x' AS title
                    FROM track t JOIN library l ON l.id = t.library_id WHERE t.id = \(id)
                    """)
                var tracks: [(Track, Track)] = []
                let named = TrackColumns.Layout(statement, leavingOut: omitted), leading = TrackColumns.Layout(leading: omitted)
                try statement.forEach { tracks.append((named.track($0), leading.track($0))) }
                return try #require(tracks.first)
            }
            #expect(byPosition == byName, "\(omitted)")
            #expect(byPosition.metadata.title == "Jóga")
        }
    }

    @Test func titlesWithoutPathsReadNoPathWhereTheTitleIsThere() throws {
        let id = try save(Self.tagged, path: "/music/a/6.flac")
        func listed(_ fields: Set<String>) throws -> Track {
            try #require(try database.read { db in
                try TrackStore.tracks(
                    where: "t.id = \(id)", orderBy: "t.id", limit: nil, includeMissing: false,
                    columns: TrackStore.columns(showing: fields), db)
            }.first)
        }
        let titled = try listed(["title", "year"])
        #expect(titled.metadata.title == "Jóga" && titled.metadata.year == 1997)
        #expect(titled.path.bytes.isEmpty)
        let both = try listed(["title", "path"])
        #expect(both.metadata.title == "Jóga" && both.path == RawPath("/music/a/6.flac"))
        #expect(try listed(["path"]).path == RawPath("/music/a/6.flac"))
        // The stand-in is read through its own expression, and only when asked for.
        let omitted = TrackStore.leftOut(keeping: TrackStore.columns(showing: ["title"]))
        #expect(TrackColumns.selectList(leavingOut: omitted).contains("CASE WHEN t.title IS NULL THEN t.path END AS path"))
        #expect(!TrackColumns.selectList(leavingOut: TrackStore.leftOut(keeping: ["id", "year"])).contains("path"))
        #expect(TrackColumns.selectList == TrackColumns.all.map(\.expression).joined(separator: ", "))
    }

    @Test func aListingOfFullAndBareRowsReadsEachRowAsItsOwnTrack() throws {
        // Full, bare, full: a field filled on one row is not carried into the next.
        let ids = try [save(Self.tagged, path: "/music/a/3.flac"), save(TrackMetadata(format: "MP3"), path: "/music/a/4.mp3"),
                       save(Self.tagged, path: "/music/a/5.flac")]
        for columns in [nil, TrackStore.briefColumns] as [Set<String>?] {
            let listed = try database.read { db in
                try TrackStore.tracks(where: "1", orderBy: "t.id", limit: nil, includeMissing: false, columns: columns, db)
            }
            let found = try ids.map { id in
                try #require(try database.read { db in
                    try TrackStore.tracks(where: "t.id = \(id)", orderBy: "t.id", limit: nil, includeMissing: false, columns: columns, db)
                }.first)
            }
            #expect(listed == found)
            #expect(listed.map(\.metadata.artists) == [["Björk", "Guest"], [], ["Björk", "Guest"]])
            #expect(listed.map(\.metadata.album) == ["Homogenic", nil, "Homogenic"])
        }
    }
}
