/// How tracks group into albums: by album artist (or "Various Artists" for a compilation)
/// and album title, plus the MusicBrainz album id when present; never by folder, so `CD1/`
/// and `CD2/` form one album.
public struct AlbumGrouping: Sendable, Equatable {
    /// The album artist shown for compilations.
    public static let variousArtists = "Various Artists"

    /// The album's display title.
    public let title: String
    /// The album artist to show (album artists, else track artists, else "Unknown Artist").
    public let albumArtist: String
    /// The unique key of the album row.
    public let key: String

    /// The grouping for a track's metadata; nil when the track has no album title.
    public init?(_ metadata: TrackMetadata) {
        guard let title = metadata.album, !title.isEmpty else { return nil }
        let artist: String
        if metadata.compilation {
            artist = AlbumGrouping.variousArtists
        } else {
            artist = Track.display(metadata.albumArtists) ?? Track.display(metadata.artists) ?? "Unknown Artist"
        }
        self.title = title
        self.albumArtist = artist
        self.key = [TextFold.fold(artist), TextFold.fold(title), metadata.musicBrainz.albumID ?? ""]
            .joined(separator: "\u{1F}")
    }
}
