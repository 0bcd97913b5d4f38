import Foundation

/// How tracks group into albums: by album artist (or "Various Artists" for a compilation)
/// and album title, plus the MusicBrainz album id when present; never by folder, so `CD1/`
/// and `CD2/` form one album.
public struct AlbumGrouping: Sendable, Equatable {
    /// The album artist shown for compilations.
    public static let variousArtists = "Various Artists"

    /// The album's display title.
    public let title: String
    /// The album artist to show (album artists, else the first track artist without any
    /// "feat." credit, else "Unknown Artist").
    public let albumArtist: String
    /// The unique key of the album row.
    public let key: String
    /// `albumArtist` folded: the key of its artist row.
    public let albumArtistKey: String

    /// The grouping for a track's metadata; nil when the track has no album title.
    public init?(_ metadata: TrackMetadata) {
        guard let title = metadata.album, !title.isEmpty else { return nil }
        let artist: String
        if metadata.compilation {
            artist = AlbumGrouping.variousArtists
        } else {
            artist = Track.display(metadata.albumArtists)
                ?? metadata.artists.first.map(AlbumGrouping.mainArtist)
                ?? "Unknown Artist"
        }
        self.title = title
        self.albumArtist = artist
        albumArtistKey = TextFold.fold(artist)
        self.key = [albumArtistKey, TextFold.fold(title), metadata.musicBrainz.albumID ?? ""]
            .joined(separator: "\u{1F}")
    }

    /// Without an album artist tag, tracks credited "X feat. Y" still belong to X's album.
    static func mainArtist(_ artist: String) -> String {
        let markers = [" feat. ", " feat ", " ft. ", " featuring ", " (feat. ", " (ft. "]
        let lower = artist.lowercased()
        let cut = markers.compactMap { lower.range(of: $0)?.lowerBound }.min()
        guard let cut else { return artist }
        let main = String(artist[..<cut]).trimmingCharacters(in: .whitespaces)
        return main.isEmpty ? artist : main
    }
}
