import Foundation
import LibraryCore

/// SQL for `kanora doctor`: what is wrong with the libraries, every library at once.
///
/// Each check is one statement. Damaged and missing tracks come from partial indexes; the
/// checks over every present track (duplicates, tags, track numbers) read the table once
/// each and hand Swift only the rows that are problems or nearly so.
package enum DoctorStore {
    /// Every problem found in the database.
    package static func health(_ db: Connection) throws -> LibraryHealth {
        LibraryHealth(
            damaged: try damaged(db), unreadable: try unreadable(db), missing: try missing(db),
            duplicates: try duplicates(db), untagged: try untagged(db), incompleteAlbums: try incompleteAlbums(db),
            possibleUpgrades: try possibleUpgrades(db))
    }

    /// Missing tracks and present tracks that agree on the recording (`RecordingSide.agrees`)
    /// and were left as two tracks, each pair with the reason (`RecordingPairs.Verdict`), by
    /// missing path then present path. A pair a sync would merge is listed too: it was not
    /// new in one sync (the new file was indexed before the old one went missing).
    static func possibleUpgrades(_ db: Connection) throws -> [LibraryHealth.PossibleUpgrade] {
        RecordingPairs.judge(try UpgradeStore.missingPresentPairs(db))
            .map { pair in
                LibraryHealth.PossibleUpgrade(
                    missing: .init(id: pair.old.id, path: pair.old.pathText), present: .init(id: pair.new.id, path: pair.new.pathText),
                    reason: pair.verdict.reason)
            }
            .sorted { ($0.missing.path, $0.present.path) < ($1.missing.path, $1.present.path) }
    }

    /// Present tracks with recorded damage, by path.
    static func damaged(_ db: Connection) throws -> [LibraryHealth.DamagedTrack] {
        try db.rows("""
            SELECT id, path_text, damage FROM track
            WHERE damage IS NOT NULL AND missing_since IS NULL ORDER BY path_text
            """).map { LibraryHealth.DamagedTrack(id: $0["id"] ?? 0, path: $0["path_text"] ?? "", problem: $0["damage"] ?? "") }
    }

    /// The scanner's recorded failures, by path.
    static func unreadable(_ db: Connection) throws -> [LibraryHealth.UnreadableFile] {
        try FailureStore.all(db).map { LibraryHealth.UnreadableFile(path: $0.pathText, reason: $0.reason) }
    }

    /// Tracks marked missing, by path.
    static func missing(_ db: Connection) throws -> [LibraryHealth.TrackReference] {
        try db.rows("SELECT id, path_text FROM track WHERE missing_since IS NOT NULL ORDER BY path_text").map(reference)
    }

    /// Groups of present tracks holding the same audio: the same fingerprint and the same
    /// length to the tenth of a second; members and groups ordered by path.
    ///
    /// The fingerprint hashes the end of the audio payload, so two recordings that both end
    /// in digital silence can share the hash; their lengths tell them apart. The scanner's
    /// fingerprint ("format:deciseconds:hash") already carries that length, so the second
    /// condition only keeps the rule from depending on the fingerprint's format. Lengths are
    /// compared exactly (in tenths), not within a tolerance: a tolerance chains (A near B
    /// near C), and thousands of silence-ending tracks of spread lengths become one group.
    /// (`IN`, not a join: SQLite would scan the table once per duplicate group; there is no
    /// index on present tracks' fingerprints, which every scan would pay for.)
    static func duplicates(_ db: Connection) throws -> [[LibraryHealth.TrackReference]] {
        let rows = try db.rows("""
            SELECT id, path_text, fingerprint, duration_ms / 100 AS tenths FROM track
            WHERE missing_since IS NULL AND (fingerprint, duration_ms / 100) IN (
                SELECT fingerprint, duration_ms / 100 FROM track WHERE missing_since IS NULL AND fingerprint IS NOT NULL
                GROUP BY fingerprint, duration_ms / 100 HAVING count(*) > 1)
            ORDER BY fingerprint, duration_ms / 100, path_text
            """)
        var groups: [[LibraryHealth.TrackReference]] = []
        var previousKey: (String, Int)?
        for row in rows {
            let key: (String, Int) = (row["fingerprint"] ?? "", row["tenths"] ?? 0)
            if let previousKey, previousKey == key {
                groups[groups.count - 1].append(reference(row))
            } else {
                groups.append([reference(row)])
            }
            previousKey = key
        }
        return groups.sorted { $0[0].path < $1[0].path }
    }

    /// Present tracks without an artist, an album or a title tag, by path.
    ///
    /// A track without a title tag is stored with its file name (without the extension) as
    /// its title, so "no title" means the title equals that name. The SQL keeps only rows
    /// whose path contains "/TITLE." and Swift compares the real name. A file named exactly
    /// after its title tag ("Jóga.flac" titled "Jóga") looks the same and is reported too:
    /// the row does not record whether the title came from a tag.
    static func untagged(_ db: Connection) throws -> [LibraryHealth.TrackReference] {
        try db.rows("""
            SELECT id, path_text, path, title, artist IS NULL OR album IS NULL AS tags_missing FROM track
            WHERE missing_since IS NULL AND (artist IS NULL OR album IS NULL OR instr(path_text, '/' || title || '.') > 0)
            ORDER BY path_text
            """)
            .filter { row in
                let tagsMissing: Bool = row["tags_missing"] ?? false
                return tagsMissing || RawPath(bytes: row["path"] ?? []).stem == row["title"] ?? ""
            }
            .map(reference)
    }

    /// Album discs whose present tracks skip numbers between 1 and the highest of the
    /// disc's track totals and track numbers; a track without a disc number is on disc 1.
    /// Discs with no track numbers at all are left out (nothing to compare).
    static func incompleteAlbums(_ db: Connection) throws -> [LibraryHealth.IncompleteAlbum] {
        try db.rows("""
            WITH disc AS (
                SELECT album_id, coalesce(disc_number, 1) AS disc, count(DISTINCT track_number) AS numbered,
                    max(max(coalesce(track_total, 0)), max(track_number)) AS last,
                    max(coalesce(disc_total, 0)) AS disc_total, group_concat(DISTINCT track_number) AS numbers
                FROM track WHERE missing_since IS NULL AND album_id IS NOT NULL AND track_number > 0
                GROUP BY album_id, coalesce(disc_number, 1)),
            album_discs AS (
                SELECT album_id, count(*) > 1 OR max(disc_total) > 1 AS several FROM disc GROUP BY album_id)
            SELECT a.id, a.title, a.album_artist, d.disc, ad.several, d.last, d.numbers
            FROM disc d JOIN album_discs ad ON ad.album_id = d.album_id JOIN album a ON a.id = d.album_id
            WHERE d.numbered < d.last
            ORDER BY a.album_artist COLLATE NOCASE, a.title COLLATE NOCASE, a.id, d.disc
            """).map { row in
                let present = Set((row["numbers"] as String? ?? "").split(separator: ",").compactMap { Int($0) })
                let last: Int = row["last"] ?? 0
                let several: Bool = row["several"] ?? false
                return LibraryHealth.IncompleteAlbum(
                    id: row["id"] ?? 0, album: row["title"] ?? "", albumArtist: row["album_artist"] ?? "",
                    disc: several ? row["disc"] : nil,
                    missingTrackNumbers: (1...max(last, 1)).filter { !present.contains($0) })
            }
    }

    /// `id, path_text` as a reference.
    private static func reference(_ row: Row) -> LibraryHealth.TrackReference {
        LibraryHealth.TrackReference(id: row["id"] ?? 0, path: row["path_text"] ?? "")
    }
}
