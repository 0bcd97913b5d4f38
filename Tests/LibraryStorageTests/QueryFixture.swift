import Foundation
import LibraryCore
import LibraryStorage

/// A small in-memory library with known rows, for checking which ids queries return.
struct QueryFixture {
    let database: DatabasePool
    static let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()
    /// 2024-07-01 12:00 UTC.
    static let now = utc(2024, 7, 1, hour: 12)

    static func utc(_ year: Int, _ month: Int, _ day: Int, hour: Int = 0) -> Date {
        calendar.date(from: DateComponents(year: year, month: month, day: day, hour: hour))!
    }

    struct Row {
        var id: Int64
        var library: Int64 = 1
        var title: String
        var titleSort: String?
        var artists: [String] = []
        var artistSort: String?
        var albumArtists: [String] = []
        var albumArtistSort: String?
        var album: String?
        var albumSort: String?
        var genres: [String] = []
        var composer: String?
        var comment: String?
        var year: Int?
        var date: String?
        var track: Int?
        var disc: Int?
        var durationMs: Int = 0
        var bpm: Double?
        var format = "MP3"
        var path: String
        var size: Int64 = 1000
        var added: Date = QueryFixture.utc(2024, 1, 1)
        var missing = false
        var compilation = false
        var cover = false
        var mbRecording: String?
    }

    init(_ rows: [Row]) throws {
        database = try Database.open(.inMemory)
        try database.write { db in
            try db.execute("""
                INSERT INTO library (id, name, name_key, root, root_text, created_at) VALUES
                    (1, 'Main Music', 'main music', X'2F6D', '/m', 0),
                    (2, 'Ärchive', 'ärchive', X'2F78', '/x', 0);
                INSERT INTO folder (id, library_id, path, path_text) VALUES (1, 1, X'2F6D', '/m'), (2, 2, X'2F78', '/x');
                """)
            for row in rows { try QueryFixture.insert(row, into: db) }
            try TrackStore.indexForSearch(ids: rows.map(\.id), db)
        }
    }

    private static func json(_ values: [String]) -> String {
        String(decoding: try! JSONEncoder().encode(values), as: UTF8.self)
    }

    private static func insert(_ row: Row, into db: Connection) throws {
        let artist = Track.display(row.artists)
        let albumArtist = Track.display(row.albumArtists)
        let genre = Track.display(row.genres)
        let added = Int64(row.added.timeIntervalSince1970)
        let values: [any DatabaseValueConvertible] = [
            row.id, row.library, row.library, Array(row.path.utf8), row.path, row.size, added * 1_000_000_000 + 5,
            row.format, Int64(row.durationMs), row.title, row.titleSort, artist, json(row.artists), row.artistSort,
            albumArtist, json(row.albumArtists), row.albumArtistSort, row.album, row.albumSort,
            row.track, row.disc, row.date, row.year, genre, json(row.genres), row.composer, row.comment,
            row.compilation, row.bpm, row.mbRecording, row.cover,
            TextFold.fold(row.title), TextFold.fold(artist ?? ""), TextFold.fold(albumArtist ?? ""),
            TextFold.fold(row.album ?? ""), TextFold.fold(genre ?? ""), TextFold.fold(row.composer ?? ""),
            TextFold.fold(row.comment ?? ""), added, added, row.missing ? Optional(added + 10) : nil,
        ]
        try db.execute(SQL(sql: """
            INSERT INTO track (
                id, library_id, folder_id, path, path_text, file_size, mtime_ns, ctime_ns,
                format, duration_ms, title, title_sort, artist, artists, artist_sort,
                album_artist, album_artists, album_artist_sort, album, album_sort,
                track_number, disc_number, date, year, genre, genres, composer, comment,
                compilation, bpm, mb_recording_id, has_cover,
                title_fold, artist_fold, album_artist_fold, album_fold, genre_fold, composer_fold,
                comment_fold, added_at, updated_at, missing_since)
            VALUES (?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?,
                    ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """, arguments: values.map(\.databaseValue)))
    }

    /// The ids of the tracks `arguments` select, ascending, the pieces read as one text
    /// holding several terms (the syntax of `--query`).
    func ids(_ arguments: [String], currentDirectory: String = "/m") throws -> [Int64] {
        let query = try LibraryQuery.parse(arguments.joined(separator: " "), currentDirectory: currentDirectory)
        return try ids(query)
    }

    func ids(_ query: LibraryQuery) throws -> [Int64] {
        let condition = query.condition(now: QueryFixture.now, calendar: QueryFixture.calendar)
        return try database.read { db in
            try db.rows("SELECT t.id FROM track AS t WHERE \(condition) ORDER BY t.id")
                .map { $0[0]! }
        }
    }

    /// The standard rows most query tests use.
    static func standard() throws -> QueryFixture {
        try QueryFixture([
            Row(id: 1, title: "Blue in Green", artists: ["Miles Davis", "Bill Evans"], albumArtists: ["Miles Davis"],
                album: "Kind of Blue", genres: ["Jazz", "Modal"], year: 1959, date: "1959-08-17", track: 3, disc: 1,
                durationMs: 337_000, bpm: 100, format: "FLAC", path: "/m/a/Kind of Blue/03 Blue in Green.flac",
                added: utc(2024, 1, 15), cover: true, mbRecording: "0f3a-blue"),
            Row(id: 2, title: "Jóga", artists: ["Björk"], albumArtists: ["Björk"], album: "Homogenic",
                genres: ["Electronic"], composer: "Björk", year: 1997, date: "1997-09-22", track: 2, disc: 1,
                durationMs: 305_000, bpm: 120.5, path: "/m/ab/Homogenic/02 Jóga.mp3", added: utc(2024, 6, 30, hour: 23)),
            Row(id: 3, title: "So What", artists: ["Miles Davis"], albumArtists: ["Miles Davis"], album: "Kind of Blue",
                genres: ["Jazz"], year: 1959, date: "1959", track: 1, disc: 1, durationMs: 562_000, format: "FLAC",
                path: "/m/a/Kind of Blue/01 So What.flac", added: now.addingTimeInterval(-3 * 86_400), missing: true),
            Row(id: 4, title: "Ærø Smørrebrød", artists: ["Sigur Rós"], durationMs: 180_000, format: "OGG",
                path: "/m/a-x/t.ogg", added: utc(2020, 5, 5), compilation: true),
            Row(id: 5, library: 2, title: "Straße", artists: ["Łukasz"], album: "Dust & Ashes", genres: ["Blues"],
                year: 1999, durationMs: 299_999, bpm: 128, path: "/x/a/b/c.mp3", size: 5_000_000, added: utc(2023, 12, 31, hour: 23)),
            Row(id: 6, title: "It's 50% off_sale", artists: ["The \"Band\""], album: "A; B", genres: ["Rock"],
                comment: "say \"hi\"; 100%", year: 1990, durationMs: 60_000, path: "/m/a/b/it's.mp3"),
        ])
    }
}
