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
        var builder = SubsonicNodeBuilder(node: SubsonicNode(name))
        write(track, annotation, to: &builder)
        return builder.node
    }

    /// The shape of a playlist's entry, written straight into the answer.
    enum PlaylistEntry: SubsonicShape {
        static func write<Fields: SubsonicFields>(_ song: PlaylistSong, to fields: inout Fields) {
            SongEntries.write(song.track, song.annotation, to: &fields)
        }
    }

    /// Writes one song's members (nil values left out).
    static func write<Fields: SubsonicFields>(_ track: Track, _ annotation: Annotation?, to fields: inout Fields) {
        let m = track.metadata
        let suffix = track.path.pathExtension.lowercased()
        let id = SubsonicID.track(track.id)
        let album = track.albumID.map(SubsonicID.album)
        fields.add("id", id); fields.add("parent", album); fields.add("isDir", false); fields.add("title", track.title)
        fields.add("album", m.album); fields.add("artist", track.artist)
        fields.add("track", m.trackNumber); fields.add("year", m.year); fields.add("genre", m.genres.first)
        fields.add("coverArt", id); fields.add("size", track.fileSize)
        fields.add("contentType", contentTypes[suffix] ?? "application/octet-stream"); fields.add("suffix", suffix)
        fields.add("duration", m.audio.durationMs / 1000); fields.add("bitRate", m.audio.bitrate); fields.add("discNumber", m.discNumber)
        fields.add("albumId", album); fields.add("type", "music"); fields.add("isVideo", false); fields.add("created", track.addedAt)
        fields.add("starred", annotation?.starredAt); fields.add("userRating", annotation?.rating)
        fields.add("playCount", annotation?.playCount ?? 0); fields.add("played", annotation?.lastPlayedAt)
    }

    private static let contentTypes: [String: String] = [
        "mp3": "audio/mpeg", "mp2": "audio/mpeg", "flac": "audio/flac", "ogg": "audio/ogg", "oga": "audio/ogg",
        "opus": "audio/ogg", "spx": "audio/ogg", "m4a": "audio/mp4", "mp4": "audio/mp4", "wma": "audio/x-ms-wma",
        "wav": "audio/wav", "aiff": "audio/aiff", "aif": "audio/aiff", "ape": "audio/x-ape", "wv": "audio/x-wavpack",
        "mpc": "audio/x-musepack", "tta": "audio/x-tta",
    ]
}
