import Foundation
import KanoraAPI
import LibraryCore
import LibraryServices

/// The rows every screen shares, built from the browse service's items, and the decision of
/// how a browser plays each track.
enum ScreenRows {
    /// A card for an album.
    static func card(_ album: BrowseAlbum) -> AlbumCard {
        AlbumCard(
            id: album.id, name: album.name, artist: album.artist, artistID: album.artistID, year: album.year.map(String.init),
            coverURL: album.hasCover ? coverURL("al-\(album.id)") : nil, summary: .key("summary.tracks", count: album.songCount))
    }

    /// A row for an artist.
    static func artist(_ artist: BrowseArtist) -> ArtistRow {
        ArtistRow(id: artist.id, name: artist.name, summary: .key("summary.albums", count: artist.albumCount))
    }

    /// A row for an artist of the packed artist index (only its name becomes a `String`).
    static func artist(_ artist: PackedArtist) -> ArtistRow {
        ArtistRow(
            id: artist.id, name: String(decoding: artist.name, as: UTF8.self), summary: .key("summary.albums", count: artist.albumCount))
    }

    /// A row for a song (starred and credited as the browse service read it).
    static func track(_ song: BrowseSong, transcoding: Bool, position: Int? = nil) -> TrackItem {
        track(song.track, artistID: song.artists.first?.id, starred: song.annotation.starredAt != nil,
              transcoding: transcoding, position: position)
    }

    /// A row for a track.
    static func track(_ track: Track, artistID: Int64?, starred: Bool, transcoding: Bool, position: Int? = nil) -> TrackItem {
        let m = track.metadata
        let playback = stream(track, transcoding: transcoding)
        return TrackItem(
            id: track.id, title: m.title ?? String(decoding: track.path.lastComponent, as: UTF8.self),
            artist: m.artists.joined(separator: ", "), album: m.album ?? "", albumID: track.albumID, artistID: artistID,
            number: m.trackNumber.map(String.init), durationSeconds: Double(m.audio.durationMs) / 1000, starred: starred,
            streamURL: playback.url, note: playback.note, position: position)
    }

    /// The formats a browser's `<audio>` plays as they are (Chromium, Firefox): MP3 at
    /// 32 kHz or more (an 8 kHz MP3 is refused), FLAC, Ogg Vorbis, Opus, AAC, WAV.
    static let browserFormats: Set<String> = ["FLAC", "Vorbis", "Opus", "AAC", "WAV"]

    /// Whether a browser plays the track's file as it is.
    static func playsInBrowser(_ metadata: TrackMetadata) -> Bool {
        if metadata.audio.format == "MP3" { return (metadata.audio.sampleRate ?? 44_100) >= 32_000 }
        return browserFormats.contains(metadata.audio.format)
    }

    /// The URL a browser streams the track from, or none with a note saying why.
    static func stream(_ track: Track, transcoding: Bool) -> (url: String?, note: LocalizableString?) {
        let original = "/api/v1/stream?id=\(track.id)"
        if playsInBrowser(track.metadata) { return (original, nil) }
        if transcoding { return (original + "&format=opus", nil) }
        return (nil, .key("track.note.unplayable", ["format": .text(track.metadata.audio.format)]))
    }

    /// The URL of a cover image at the size the grid shows.
    static func coverURL(_ coverID: String) -> String {
        "/api/v1/cover?id=\(coverID)&size=300"
    }

    /// "12 tracks · 48:10".
    static func tracksAndLength(count: Int, milliseconds: Int64) -> LocalizableString {
        .key("summary.tracksAndLength", count: count, ["length": .duration(Double(milliseconds) / 1000)])
    }
}
