import Foundation
import LibraryCore

/// Album and artist ids a scan already wrote, so each is upserted once rather than once per
/// track. A scan meets an album's tracks together, so the cache only needs the recent ones:
/// past `limit` entries it starts afresh, which keeps a scan's memory bounded whatever the
/// library's size (an album or artist met again is upserted again, to the same row). Not
/// thread-safe: one writer uses it.
package final class CatalogCache {
    fileprivate var artists: [String: (id: Int64, hasSort: Bool, hasMBID: Bool)] = [:]
    fileprivate var albums: [String: Int64] = [:]
    private let limit: Int

    package init(limit: Int = 4096) {
        self.limit = limit
    }

    /// How many albums and artists are remembered.
    var counts: (albums: Int, artists: Int) { (albums.count, artists.count) }

    fileprivate func remember(album key: String, id: Int64) {
        if albums.count >= limit { albums.removeAll(keepingCapacity: true) }
        albums[key] = id
    }

    fileprivate func remember(artist key: String, _ value: (id: Int64, hasSort: Bool, hasMBID: Bool)) {
        if artists.count >= limit && artists[key] == nil { artists.removeAll(keepingCapacity: true) }
        artists[key] = value
    }
}

/// SQL for the derived `album`, `artist` and `track_artist` tables.
package enum CatalogStore {
    /// The album row for a track (created or refreshed); nil when it has no album.
    package static func albumID(for record: TrackRecord, cache: CatalogCache? = nil, _ db: Connection) throws -> Int64? {
        guard let grouping = record.grouping else { return nil }
        if let id = cache?.albums[grouping.key] { return id }
        let metadata = record.metadata
        let artistID = try artistID(
            name: grouping.albumArtist, key: grouping.albumArtistKey,
            sortName: metadata.compilation ? nil : metadata.albumArtistSort,
            musicBrainzID: metadata.compilation ? nil : metadata.musicBrainz.albumArtistID, cache: cache, db)
        let id: Int64? = try db.scalar("""
            INSERT INTO album (group_key, title, title_sort, album_artist, album_artist_sort, artist_id,
                               compilation, mb_album_id, mb_release_group_id)
            VALUES (\(grouping.key), \(grouping.title), \(metadata.albumSort), \(grouping.albumArtist),
                    \(metadata.compilation ? nil : metadata.albumArtistSort), \(artistID), \(metadata.compilation),
                    \(metadata.musicBrainz.albumID), \(metadata.musicBrainz.releaseGroupID))
            ON CONFLICT (group_key) DO UPDATE SET
                title_sort = coalesce(excluded.title_sort, title_sort),
                album_artist_sort = coalesce(excluded.album_artist_sort, album_artist_sort),
                artist_id = excluded.artist_id,
                mb_release_group_id = coalesce(excluded.mb_release_group_id, mb_release_group_id)
            RETURNING id
            """)
        if let id { cache?.remember(album: grouping.key, id: id) }
        return id
    }

    /// The artist row for a name (created if new): `key` is the folded name, so names equal
    /// after folding are one artist.
    static func artistID(name: String, key: String, sortName: String?, musicBrainzID: String?, cache: CatalogCache?, _ db: Connection) throws -> Int64 {
        // A cached artist is upserted again only to record a sort name or MBID it lacked.
        if let cached = cache?.artists[key], sortName == nil || cached.hasSort, musicBrainzID == nil || cached.hasMBID {
            return cached.id
        }
        let id: Int64? = try db.scalar("""
            INSERT INTO artist (name, name_key, sort_name, mb_artist_id) VALUES (\(name), \(key), \(sortName), \(musicBrainzID))
            ON CONFLICT (name_key) DO UPDATE SET
                sort_name = coalesce(excluded.sort_name, sort_name),
                mb_artist_id = coalesce(excluded.mb_artist_id, mb_artist_id)
            RETURNING id
            """)
        let result = id ?? db.lastInsertedRowID
        let previous = cache?.artists[key]
        cache?.remember(artist: key, (result, sortName != nil || previous?.hasSort == true, musicBrainzID != nil || previous?.hasMBID == true))
        return result
    }

    /// Links a track to its artists and album artists, replacing its old links unless it
    /// is `new` (just inserted, so it has none). Links that did not change are left as they
    /// are: deleting and inserting them again would rewrite their pages for nothing.
    package static func linkArtists(trackID: Int64, record: TrackRecord, new: Bool, cache: CatalogCache? = nil, _ db: Connection) throws {
        let metadata = record.metadata
        let links = try artistLinks(metadata.artists, keys: record.artistKeys, role: "artist", sort: metadata.artistSort,
                                    musicBrainzID: metadata.musicBrainz.artistID, cache: cache, db)
            + artistLinks(metadata.albumArtists, keys: record.albumArtistKeys, role: "albumartist", sort: metadata.albumArtistSort,
                          musicBrainzID: metadata.musicBrainz.albumArtistID, cache: cache, db)
        if !new {
            if try storedArtistLinks(trackID: trackID, db) == links.sorted() { return }
            try db.execute("DELETE FROM track_artist WHERE track_id = \(trackID)")
        }
        let insert = try db.cachedStatement(
            "INSERT OR IGNORE INTO track_artist (track_id, artist_id, role, position) VALUES (?, ?, ?, ?)")
        for link in links {
            try insert.execute { arguments in
                arguments.bind(trackID)
                arguments.bind(link.artistID)
                arguments.bind(link.role)
                arguments.bind(link.position)
            }
        }
    }

    /// One row of `track_artist` without its track.
    private struct ArtistLink: Equatable, Comparable {
        var role: String
        var position: Int
        var artistID: Int64

        static func < (a: ArtistLink, b: ArtistLink) -> Bool {
            (a.role, a.position, a.artistID) < (b.role, b.position, b.artistID)
        }
    }

    /// The links for `names` in order (their artists created as needed); the sort name and
    /// MusicBrainz id belong to the first.
    private static func artistLinks(
        _ names: [String], keys: [String], role: String, sort: String?, musicBrainzID: String?,
        cache: CatalogCache?, _ db: Connection
    ) throws -> [ArtistLink] {
        try zip(names, keys).enumerated().map { position, entry in
            let first = position == 0
            let artistID = try artistID(
                name: entry.0, key: entry.1, sortName: first ? sort : nil, musicBrainzID: first ? musicBrainzID : nil, cache: cache, db)
            return ArtistLink(role: role, position: position, artistID: artistID)
        }
    }

    /// The track's stored links, sorted.
    private static func storedArtistLinks(trackID: Int64, _ db: Connection) throws -> [ArtistLink] {
        var links: [ArtistLink] = []
        try db.forEach("SELECT role, position, artist_id FROM track_artist WHERE track_id = \(trackID)") { s in
            links.append(ArtistLink(role: s["role"] ?? "", position: s["position"] ?? 0, artistID: s["artist_id"] ?? 0))
        }
        return links.sorted()
    }

    /// Deletes albums without tracks and artists with neither tracks nor albums.
    package static func deleteOrphans(_ db: Connection) throws {
        try db.execute("DELETE FROM album WHERE NOT EXISTS (SELECT 1 FROM track WHERE track.album_id = album.id)")
        try db.execute("""
            DELETE FROM artist WHERE NOT EXISTS (SELECT 1 FROM track_artist WHERE track_artist.artist_id = artist.id)
              AND NOT EXISTS (SELECT 1 FROM album WHERE album.artist_id = artist.id)
            """)
    }

    /// Albums having at least one present track matching `condition`. The CROSS JOIN keeps
    /// SQLite scanning tracks once (the condition is on tracks) instead of probing per album.
    /// The first page of the whole library in the default order is read from the album
    /// artist index instead (`firstAlbumsInDefaultOrder`): same albums, same order.
    package static func albums(where condition: SQL, orderBy order: String, limit: Int?, includeMissing: Bool, _ db: Connection) throws -> [AlbumSummary] {
        if let limit, condition == everything, order == defaultAlbumOrder,
           let page = try firstAlbumsInDefaultOrder(limit: limit, includeMissing: includeMissing, db) {
            return page
        }
        var sql: SQL = "\(sql: albumColumns(orderedBy: order)) FROM track t CROSS JOIN album a ON a.id = t.album_id WHERE (\(condition))"
        if !includeMissing { sql.append(" AND t.missing_since IS NULL") }
        sql.append(" GROUP BY a.id ORDER BY \(sql: order)")
        if let limit { sql.append(" LIMIT \(limit)") }
        return try albumSummaries(sql, db)
    }

    /// Artists credited on at least one present track matching `condition`. The first page of
    /// the whole library in the default order picks its artists before counting their
    /// tracks (`firstArtistsInDefaultOrder`): same artists, same order.
    package static func artists(where condition: SQL, orderBy order: String, limit: Int?, includeMissing: Bool, _ db: Connection) throws -> [ArtistSummary] {
        if let limit, condition == everything, order == defaultArtistOrder {
            return try firstArtistsInDefaultOrder(limit: limit, includeMissing: includeMissing, db)
        }
        var sql: SQL = """
            \(sql: artistColumns)
            FROM artist ar JOIN track_artist ta ON ta.artist_id = ar.id JOIN track t ON t.id = ta.track_id
            WHERE (\(condition))
            """
        if !includeMissing { sql.append(" AND t.missing_since IS NULL") }
        sql.append(" GROUP BY ar.id ORDER BY \(sql: order)")
        if let limit { sql.append(" LIMIT \(limit)") }
        return try artistSummaries(sql, db)
    }
}
