import Foundation
import LibraryCore

/// SQL for recognising upgrades (a file replaced by another rip of the same recording) and
/// moves between the libraries of one database: candidate pairs found by index, for
/// `RecordingPairs` and `MoveMatcher` to judge.
package enum UpgradeStore {
    /// The columns `side(_:_:)` decodes, for the track aliased `t`, named `<t>_id`, `<t>_library_id`...
    static func columns(_ t: String) -> String {
        """
        \(t).id AS \(t)_id, \(t).library_id AS \(t)_library_id, \(t).path_text AS \(t)_path_text,
        \(t).missing_since IS NOT NULL AS \(t)_missing, \(t).duration_ms AS \(t)_duration_ms, \(t).title_fold AS \(t)_title_fold,
        \(t).album_fold AS \(t)_album_fold,
        CASE WHEN \(t).album_artist_fold = '' THEN \(t).artist_fold ELSE \(t).album_artist_fold END AS \(t)_album_artist_fold,
        coalesce(\(t).disc_number, 1) AS \(t)_disc, \(t).track_number AS \(t)_track_number,
        \(t).mb_recording_id AS \(t)_mb_recording_id, \(t).mb_track_id AS \(t)_mb_track_id
        """
    }

    /// The side of the track aliased `t` in the current row (see `columns`).
    static func side(_ s: Statement, _ t: String) -> RecordingSide {
        RecordingSide(
            id: s[t + "_id"] ?? 0, libraryID: s[t + "_library_id"] ?? 0, pathText: s[t + "_path_text"] ?? "",
            isMissing: s[t + "_missing"] ?? false, durationMs: s[t + "_duration_ms"] ?? 0, titleFold: s[t + "_title_fold"] ?? "",
            albumFold: s[t + "_album_fold"] ?? "", albumArtistFold: s[t + "_album_artist_fold"] ?? "", disc: s[t + "_disc"] ?? 1,
            trackNumber: s[t + "_track_number"], musicBrainzRecordingID: s[t + "_mb_recording_id"],
            musicBrainzTrackID: s[t + "_mb_track_id"])
    }

    /// The ways a missing track is looked up by recording: its index and the join condition.
    private static let lookups: [(index: String, match: String)] = [
        ("track_missing_by_recording", "o.title_fold = n.title_fold AND o.track_number IS n.track_number AND n.title_fold <> ''"),
        ("track_missing_by_mb_recording", "o.mb_recording_id = n.mb_recording_id"),
        ("track_missing_by_mb_track", "o.mb_track_id = n.mb_track_id"),
    ]

    /// Pairs (old: a missing track of any library, new: a present track) that may hold one
    /// recording: the same folded title and track number, or the same MusicBrainz recording
    /// or track id. New tracks are those the library `libraryID` added after scan
    /// `generation`, and, when `since` is given (seconds), those other libraries added since
    /// then paired with this library's missing tracks, so a move between libraries is found
    /// whichever library is synced first.
    package static func candidates(
        libraryID: Int64, addedAfter generation: Int64, otherLibrariesSince since: Int64?, _ db: Connection
    ) throws -> [(old: RecordingSide, new: RecordingSide)] {
        let select = "SELECT \(columns("o")), \(columns("n"))"
        var branches = lookups.map { lookup in
            """
            \(select) FROM track n INDEXED BY track_by_added_scan
            CROSS JOIN track o INDEXED BY \(lookup.index) ON \(lookup.match) AND o.missing_since IS NOT NULL
            WHERE n.library_id = ?1 AND n.added_scan > ?2 AND n.missing_since IS NULL
            """
        }
        if since != nil {
            branches += lookups.map { lookup in
                """
                \(select) FROM track n INDEXED BY track_by_added
                CROSS JOIN track o INDEXED BY \(lookup.index) ON \(lookup.match) AND o.missing_since IS NOT NULL AND o.library_id = ?1
                WHERE n.added_at >= ?3 AND n.library_id <> ?1 AND n.missing_since IS NULL
                """
            }
        }
        // CROSS JOIN keeps the new tracks outside (see `MoveStore.candidates`).
        // Numbered parameters: each branch uses them again.
        let arguments: [DatabaseValue] = [.integer(libraryID), .integer(generation)] + (since.map { [.integer($0)] } ?? [])
        var pairs: [(RecordingSide, RecordingSide)] = []
        try db.forEach(SQL(sql: branches.joined(separator: "\nUNION\n"), arguments: arguments)) { s in
            pairs.append((side(s, "o"), side(s, "n")))
        }
        return pairs
    }

    /// Present tracks of other libraries in the albums of the tracks `libraryID` added after
    /// scan `generation`, with their paths: if their files are gone, the new tracks may be
    /// them, moved between libraries (and the other library not synced since).
    package static func presentElsewhere(libraryID: Int64, addedAfter generation: Int64, _ db: Connection) throws -> [(id: Int64, path: RawPath)] {
        let sql = SQL(sql: """
            SELECT DISTINCT o.id, o.path FROM track n INDEXED BY track_by_added_scan
            CROSS JOIN track o INDEXED BY track_by_album_present ON o.album_id = n.album_id AND o.missing_since IS NULL
            WHERE n.library_id = ?1 AND n.added_scan > ?2 AND n.missing_since IS NULL AND o.library_id <> ?1
            """, arguments: [.integer(libraryID), .integer(generation)])
        var result: [(Int64, RawPath)] = []
        try db.forEach(sql) { s in
            if let id: Int64 = s["id"], let bytes: [UInt8] = s["path"] { result.append((id, RawPath(bytes: bytes))) }
        }
        return result
    }

    /// Whether any library has another library besides `libraryID`.
    package static func hasOtherLibraries(than libraryID: Int64, _ db: Connection) throws -> Bool {
        try db.scalar("SELECT EXISTS (SELECT 1 FROM library WHERE id <> \(libraryID))") ?? false
    }

    /// Every pair (missing track, present track) that may hold one recording, for
    /// `kanora doctor`: one pass over the present tracks, none when nothing is missing.
    package static func missingPresentPairs(_ db: Connection) throws -> [(old: RecordingSide, new: RecordingSide)] {
        var missing: [RecordingSide] = []
        try db.forEach("SELECT \(sql: columns("t")) FROM track t INDEXED BY track_missing WHERE t.missing_since IS NOT NULL") {
            missing.append(side($0, "t"))
        }
        guard !missing.isEmpty else { return [] }
        var present: [RecordingSide] = []
        try db.forEach("""
            SELECT \(sql: columns("t")) FROM track t
            WHERE t.missing_since IS NULL AND (
                (t.title_fold, coalesce(t.track_number, -1)) IN (
                    SELECT title_fold, coalesce(track_number, -1) FROM track WHERE missing_since IS NOT NULL AND title_fold <> '')
                OR t.mb_recording_id IN (SELECT mb_recording_id FROM track WHERE missing_since IS NOT NULL)
                OR t.mb_track_id IN (SELECT mb_track_id FROM track WHERE missing_since IS NOT NULL))
            """) { present.append(side($0, "t")) }
        func keys(_ side: RecordingSide) -> [String] {
            var keys = ["t\u{1F}\(side.titleFold)\u{1F}\(side.trackNumber.map(String.init) ?? "")"]
            if let id = side.musicBrainzRecordingID { keys.append("r\u{1F}\(id)") }
            if let id = side.musicBrainzTrackID { keys.append("k\u{1F}\(id)") }
            return keys
        }
        var byKey: [String: [RecordingSide]] = [:]
        for side in present {
            for key in keys(side) { byKey[key, default: []].append(side) }
        }
        var pairs: [(RecordingSide, RecordingSide)] = []
        for old in missing {
            var seen = Set<Int64>()
            for key in keys(old) {
                for new in byKey[key] ?? [] where seen.insert(new.id).inserted { pairs.append((old, new)) }
            }
        }
        return pairs
    }
}
