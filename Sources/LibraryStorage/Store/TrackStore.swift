import Foundation
import LibraryCore

/// SQL for the `track` table.
package enum TrackStore {
    /// The SELECT list every track query uses, over `track AS t JOIN library AS l`.
    static let selectList = """
        t.id, t.library_id, l.name, t.path, t.file_size, t.mtime_ns, t.format, t.duration_ms,
        t.bitrate, t.sample_rate, t.channels, t.bit_depth, t.has_cover, t.title, t.title_sort,
        t.artists, t.artist_sort, t.album_artists, t.album_artist_sort, t.album, t.album_sort,
        t.track_number, t.track_total, t.disc_number, t.disc_total, t.date, t.year,
        t.original_date, t.original_year, t.genres, t.composer, t.comment, t.compilation, t.bpm,
        t.mb_recording_id, t.mb_track_id, t.mb_album_id, t.mb_release_group_id, t.mb_artist_id,
        t.mb_album_artist_id, t.rg_track_gain, t.rg_track_peak, t.rg_album_gain, t.rg_album_peak,
        t.album_id, t.added_at, t.updated_at, t.missing_since, t.other_tags, t.damage
        """

    /// `SELECT <selectList> FROM track t JOIN library l ...` ready for a WHERE clause.
    package static let selectFrom = "SELECT \(selectList) FROM track t JOIN library l ON l.id = t.library_id"

    /// Tracks matching `condition`, in `order`; missing ones only when `includeMissing`.
    package static func tracks(
        where condition: SQLFragment, orderBy order: String, limit: Int?, includeMissing: Bool, _ db: Connection
    ) throws -> [Track] {
        var sql = "\(selectFrom) WHERE (\(condition.sql))"
        if !includeMissing { sql += " AND t.missing_since IS NULL" }
        sql += " ORDER BY \(order)"
        var arguments: [any DatabaseValueConvertible] = condition.arguments
        if let limit {
            sql += " LIMIT ?"
            arguments.append(limit)
        }
        let statement = try db.makeStatement(sql)
        var result: [Track] = []
        try statement.forEach(arguments) { result.append(decode($0)) }
        return result
    }

    /// The track with this id.
    package static func find(id: Int64, _ db: Connection) throws -> Track? {
        try first("\(selectFrom) WHERE t.id = ?", [id], db)
    }

    /// The track at this absolute path (matched on NFC text), in any library.
    package static func find(path: RawPath, _ db: Connection) throws -> Track? {
        try first("\(selectFrom) WHERE t.path_text = ? ORDER BY t.id LIMIT 1", [path.text], db)
    }

    private static func first(_ sql: String, _ arguments: [any DatabaseValueConvertible], _ db: Connection) throws -> Track? {
        let statement = try db.cachedStatement(sql)
        var found: Track?
        try statement.forEach(arguments) { if found == nil { found = decode($0) } }
        return found
    }

    /// Decodes a row laid out as `selectList`, starting at column `offset`.
    static func decode(_ s: Statement, offset: Int = 0) -> Track {
        func int(_ i: Int) -> Int? { s.column(i + offset) }
        func int64(_ i: Int) -> Int64? { s.column(i + offset) }
        func text(_ i: Int) -> String? { s.column(i + offset) }
        func real(_ i: Int) -> Double? { s.column(i + offset) }
        func date(_ i: Int) -> Date? { int64(i).map { Date(timeIntervalSince1970: Double($0)) } }
        let metadata = TrackMetadata(
            format: text(6) ?? "", durationMs: int(7) ?? 0, bitrate: int(8), sampleRate: int(9),
            channels: int(10), bitDepth: int(11), hasCoverArt: (int(12) ?? 0) != 0,
            title: text(13), titleSort: text(14), artists: JSONText.decodeArray(text(15) ?? "[]"),
            artistSort: text(16), albumArtists: JSONText.decodeArray(text(17) ?? "[]"),
            albumArtistSort: text(18), album: text(19), albumSort: text(20),
            trackNumber: int(21), trackTotal: int(22), discNumber: int(23), discTotal: int(24),
            date: text(25), year: int(26), originalDate: text(27), originalYear: int(28),
            genres: JSONText.decodeArray(text(29) ?? "[]"), composer: text(30), comment: text(31),
            compilation: (int(32) ?? 0) != 0, bpm: real(33),
            musicBrainz: MusicBrainzIDs(
                recordingID: text(34), trackID: text(35), albumID: text(36),
                releaseGroupID: text(37), artistID: text(38), albumArtistID: text(39)),
            replayGain: ReplayGain(trackGain: real(40), trackPeak: real(41), albumGain: real(42), albumPeak: real(43)),
            otherTags: JSONText.decodeObject(text(48) ?? "{}"), damage: text(49))
        return Track(
            id: int64(0) ?? 0, libraryID: int64(1) ?? 0, libraryName: text(2) ?? "",
            path: RawPath(bytes: s.column(3 + offset) ?? []), fileSize: int64(4) ?? 0, mtimeNs: int64(5) ?? 0,
            metadata: metadata, albumID: int64(44), addedAt: date(45) ?? Date(timeIntervalSince1970: 0),
            updatedAt: date(46) ?? Date(timeIntervalSince1970: 0), missingSince: date(47))
    }
}
