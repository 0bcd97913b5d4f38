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
        let id = SubsonicValue.string(SubsonicID.track(track.id).description)
        let album = track.albumID.map { SubsonicValue.string(SubsonicID.album($0).description) }
        // Built straight as typed values, nil ones left out: a 5,000-entry playlist spent a
        // sixth of its time boxing and unboxing the values of a key/value literal.
        var attributes: [(key: String, value: SubsonicValue)] = []
        attributes.reserveCapacity(24)
        func add(_ key: String, _ value: SubsonicValue?) {
            if let value { attributes.append((key, value)) }
        }
        func add(_ key: String, _ number: Int?) {
            if let number { attributes.append((key, .int(Int64(number)))) }
        }
        func add(_ key: String, _ date: Date?) {
            if let date { attributes.append((key, .date(date))) }
        }
        add("id", id); add("parent", album); add("isDir", .bool(false)); add("title", .string(track.title))
        add("album", m.album.map(SubsonicValue.string)); add("artist", track.artist.map(SubsonicValue.string))
        add("track", m.trackNumber); add("year", m.year); add("genre", m.genres.first.map(SubsonicValue.string))
        add("coverArt", id); add("size", .int(track.fileSize))
        add("contentType", .string(contentTypes[suffix] ?? "application/octet-stream")); add("suffix", .string(suffix))
        add("duration", m.audio.durationMs / 1000); add("bitRate", m.audio.bitrate); add("discNumber", m.discNumber)
        add("albumId", album); add("type", .string("music")); add("isVideo", .bool(false)); add("created", track.addedAt)
        add("starred", annotation?.starredAt); add("userRating", annotation?.rating); add("playCount", annotation?.playCount ?? 0)
        add("played", annotation?.lastPlayedAt)
        return SubsonicNode(name, attributes: attributes)
    }

    private static let contentTypes: [String: String] = [
        "mp3": "audio/mpeg", "mp2": "audio/mpeg", "flac": "audio/flac", "ogg": "audio/ogg", "oga": "audio/ogg",
        "opus": "audio/ogg", "spx": "audio/ogg", "m4a": "audio/mp4", "mp4": "audio/mp4", "wma": "audio/x-ms-wma",
        "wav": "audio/wav", "aiff": "audio/aiff", "aif": "audio/aiff", "ape": "audio/x-ape", "wv": "audio/x-wavpack",
        "mpc": "audio/x-musepack", "tta": "audio/x-tta",
    ]
}
