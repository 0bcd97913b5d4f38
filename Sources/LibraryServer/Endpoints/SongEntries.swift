import Foundation
import LibraryCore
import LibraryServices

/// The Subsonic `child` objects for the songs the user endpoints list (playlist entries,
/// play queue, now playing).
///
/// A minimal mapping kept in one place so it can be swapped for the browse area's full
/// song mapping: `node(_:_:)` is the only function that shapes a song.
enum SongEntries {
    /// The songs as `child` nodes (renamed by the list they go in), with the user's marks.
    static func nodes(_ tracks: [Track], for request: SubsonicRequest) async throws -> [SubsonicNode] {
        let marks = try await request.services.annotations.annotations(
            for: Array(Set(tracks.map { AnnotatedItem.track($0.id) })), user: request.user.id)
        return tracks.map { node($0, marks[.track($0.id)]) }
    }

    /// One song, as a node named `name`. It reads only the fields `PlaylistSong` names.
    static func node(_ track: Track, _ annotation: Annotation?, name: String = "child") -> SubsonicNode {
        let m = track.metadata
        let suffix = track.path.pathExtension.lowercased()
        return SubsonicNode(name, [
            "id": SubsonicID.track(track.id), "parent": track.albumID.map(SubsonicID.album), "isDir": false,
            "title": track.title, "album": m.album, "artist": track.artist, "track": m.trackNumber,
            "year": m.year, "genre": m.genres.first, "coverArt": SubsonicID.track(track.id), "size": track.fileSize,
            "contentType": contentTypes[suffix] ?? "application/octet-stream", "suffix": suffix,
            "duration": m.audio.durationMs / 1000, "bitRate": m.audio.bitrate, "discNumber": m.discNumber,
            "albumId": track.albumID.map(SubsonicID.album), "type": "music", "isVideo": false,
            "created": track.addedAt, "starred": annotation?.starredAt, "userRating": annotation?.rating,
            "playCount": annotation?.playCount ?? 0, "played": annotation?.lastPlayedAt,
        ])
    }

    private static let contentTypes: [String: String] = [
        "mp3": "audio/mpeg", "mp2": "audio/mpeg", "flac": "audio/flac", "ogg": "audio/ogg", "oga": "audio/ogg",
        "opus": "audio/ogg", "spx": "audio/ogg", "m4a": "audio/mp4", "mp4": "audio/mp4", "wma": "audio/x-ms-wma",
        "wav": "audio/wav", "aiff": "audio/aiff", "aif": "audio/aiff", "ape": "audio/x-ape", "wv": "audio/x-wavpack",
        "mpc": "audio/x-musepack", "tta": "audio/x-tta",
    ]
}
