/// What each sort field orders by, per target.
///
/// Album and artist expressions use only the names the service's grouped SELECTs define
/// (`album_artist_sort_key`, `title_sort_key`, `year`, `track_count`, ... and `a.id`/`ar.id`).
package enum SortColumns {
    package struct Column: Sendable {
        package let expression: String
        /// Text sorts ignore case.
        package let isText: Bool
    }

    package static func table(for target: QueryTarget) -> [String: Column] {
        switch target {
        case .tracks: tracks
        case .albums: albums
        case .artists: artists
        }
    }

    package static let allFields: Set<String> = Set(tracks.keys).union(albums.keys).union(artists.keys)

    private static func text(_ expression: String) -> Column { Column(expression: expression, isText: true) }
    private static func plain(_ expression: String) -> Column { Column(expression: expression, isText: false) }

    package static let tracks: [String: Column] = [
        "title": text("coalesce(t.title_sort, t.title)"),
        "artist": text("coalesce(t.artist_sort, t.artist)"),
        // Tracks without an album artist sort with their artist, as taggers display them.
        "albumartist": text("coalesce(t.album_artist_sort, t.album_artist, t.artist_sort, t.artist)"),
        "album": text("coalesce(t.album_sort, t.album)"),
        "genre": text("t.genre"),
        "composer": text("t.composer"),
        "comment": text("t.comment"),
        "format": text("t.format"),
        "library": text("(SELECT name FROM library WHERE library.id = t.library_id)"),
        "year": plain("t.year"),
        "originalyear": plain("t.original_year"),
        "date": plain("t.date"),
        "track": plain("t.track_number"),
        "tracktotal": plain("t.track_total"),
        "disc": plain("t.disc_number"),
        "disctotal": plain("t.disc_total"),
        "length": plain("t.duration_ms"),
        "bitrate": plain("t.bitrate"),
        "samplerate": plain("t.sample_rate"),
        "channels": plain("t.channels"),
        "bitdepth": plain("t.bit_depth"),
        "bpm": plain("t.bpm"),
        "path": plain("t.path_text"),
        "added": plain("t.added_at"),
        "updated": plain("t.updated_at"),
        "mtime": plain("t.mtime_ns"),
        "size": plain("t.file_size"),
        "compilation": plain("t.compilation"),
        "missing": plain("t.missing_since"),
        "cover": plain("t.has_cover"),
        "mb_trackid": plain("t.mb_recording_id"),
        "mb_releasetrackid": plain("t.mb_track_id"),
        "mb_albumid": plain("t.mb_album_id"),
        "mb_releasegroupid": plain("t.mb_release_group_id"),
        "mb_artistid": plain("t.mb_artist_id"),
        "mb_albumartistid": plain("t.mb_album_artist_id"),
        "id": plain("t.id"),
    ]

    package static let albums: [String: Column] = [
        "albumartist": text("album_artist_sort_key"),
        "album": text("title_sort_key"),
        "year": plain("year"),
        "tracks": plain("track_count"),
        "length": plain("duration_ms"),
        "added": plain("added_at"),
        "id": plain("a.id"),
    ]

    package static let artists: [String: Column] = [
        "artist": text("sort_key"),
        "name": text("sort_key"),
        "albums": plain("album_count"),
        "tracks": plain("track_count"),
        "length": plain("duration_ms"),
        "id": plain("ar.id"),
    ]
}
