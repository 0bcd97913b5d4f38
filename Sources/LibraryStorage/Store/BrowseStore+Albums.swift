import Foundation
import LibraryCore

extension BrowseStore {
    /// The albums `ids` that have present tracks, in that order, with their totals over
    /// those tracks and `userID`'s annotations: three queries, whatever the count.
    package static func albums(ids: [Int64], userID: Int64, _ db: Connection) throws -> [BrowseAlbum] {
        guard !ids.isEmpty else { return [] }
        let idList = JSONText.encode(ids: ids)
        let totals = try albumTotals(idList, db)
        var byID: [Int64: BrowseAlbum] = [:]
        try db.forEach("""
            SELECT a.id, a.title, a.title_sort, a.album_artist, a.artist_id, a.compilation, a.mb_album_id,
                   an.starred_at, an.rating, an.play_count, an.last_played_at
            FROM album a LEFT JOIN album_annotation an ON an.user_id = \(userID) AND an.album_id = a.id
            WHERE a.id IN (SELECT value FROM json_each(\(idList)))
            """) { s in
            guard let id: Int64 = s["id"], let total = totals[id] else { return }
            let artist: String = s["album_artist"] ?? ""
            let artistID: Int64? = s["artist_id"]
            byID[id] = BrowseAlbum(
                id: id, name: s["title"] ?? "", sortName: s["title_sort"], artist: artist, artistID: artistID,
                artists: artistID.map { [ArtistReference(id: $0, name: artist)] } ?? [],
                compilation: s["compilation"] ?? false, musicBrainzID: s["mb_album_id"], songCount: total.songs,
                durationMs: total.durationMs, year: total.year, genres: total.genres,
                createdAt: Date(timeIntervalSince1970: Double(total.added)), annotation: annotation(s),
                hasCover: total.hasCover)
        }
        // Album artists as the first track credits them (every one of them, not only the grouping name).
        let credits = try artistCredits(trackIDs: totals.values.map(\.firstTrackID), db)
        for (id, total) in totals {
            if let albumArtists = credits[Credit(trackID: total.firstTrackID, role: "albumartist")], !albumArtists.isEmpty,
               byID[id]?.compilation == false {
                byID[id]?.artists = albumArtists
            }
        }
        return ids.compactMap { byID[$0] }
    }

    struct AlbumTotals {
        var songs = 0
        var durationMs = 0
        var year: Int?
        var added: Int64 = .max
        var genres: [String] = []
        var firstTrackID: Int64 = .max
        var hasCover = false
    }

    /// Totals over the present tracks of the albums in `idList` (a JSON array), by album id:
    /// aggregated by SQLite, then each album's distinct genres in a second grouped query.
    private static func albumTotals(_ idList: String, _ db: Connection) throws -> [Int64: AlbumTotals] {
        var result: [Int64: AlbumTotals] = [:]
        try db.forEach("""
            SELECT t.album_id, count(*) AS songs, sum(t.duration_ms) AS duration_ms, min(nullif(t.year, 0)) AS year,
                   min(t.added_at) AS added_at, min(t.id) AS first_track_id, max(t.has_cover OR f.has_cover_image) AS has_cover
            FROM track t JOIN folder f ON f.id = t.folder_id
            WHERE t.album_id IN (SELECT value FROM json_each(\(idList))) AND t.missing_since IS NULL GROUP BY t.album_id
            """) { s in
            guard let albumID: Int64 = s["album_id"] else { return }
            result[albumID] = AlbumTotals(
                songs: s["songs"] ?? 0, durationMs: s["duration_ms"] ?? 0, year: s["year"], added: s["added_at"] ?? 0,
                firstTrackID: s["first_track_id"] ?? 0, hasCover: s["has_cover"] ?? false)
        }
        try db.forEach("""
            SELECT t.album_id, min(g.value) AS genre FROM track t, json_each(t.genres) g
            WHERE t.album_id IN (SELECT value FROM json_each(\(idList))) AND t.missing_since IS NULL
            GROUP BY t.album_id, lower(g.value) ORDER BY t.album_id, min(t.id * 4096 + g.key)
            """) { s in
            guard let albumID: Int64 = s["album_id"], let genre: String = s["genre"] else { return }
            result[albumID]?.genres.append(genre)
        }
        return result
    }

    /// The present songs of album `id` in disc and track order.
    package static func albumSongs(id: Int64, userID: Int64, _ db: Connection) throws -> [BrowseSong] {
        try songs(
            where: "t.album_id = \(id) AND t.missing_since IS NULL",
            orderBy: "coalesce(t.disc_number, 1), coalesce(t.track_number, 0), t.path_text, t.id", userID: userID, db)
    }

    /// The albums whose album artist is `artistID`, by year then name.
    package static func artistAlbumIDs(artistID: Int64, _ db: Connection) throws -> [Int64] {
        try db.values("""
            SELECT a.id FROM album a
            WHERE a.artist_id = \(artistID) AND \(presentAlbum)
            ORDER BY (SELECT min(t.year) FROM track t WHERE t.album_id = a.id AND t.missing_since IS NULL),
                     coalesce(a.title_sort, a.title) COLLATE NOCASE, a.id
            """)
    }

    /// An album `a` that has at least one present track (probed through `track_by_album_present`).
    static let presentAlbum: SQL = "EXISTS (SELECT 1 FROM track p WHERE p.album_id = a.id AND p.missing_since IS NULL)"
}
