import LibraryCore
/// Everything `TrackStore.save` stores for one file, with the derived text worked out up
/// front: the title fallback, display strings, JSON lists, folded search text, the album
/// grouping and the artists' keys.
///
/// A scan builds records on every core while reading tags, so its single writer thread only
/// binds values and steps statements.
package struct TrackRecord: Sendable {
    package let metadata: TrackMetadata
    package let file: FileFacts
    /// Identifies the audio content across moves and retags (see `TagReading.fingerprint`).
    package let fingerprint: String?
    /// `file.path.text`, computed once.
    package let pathText: String
    /// The title tag, else the file name without its extension.
    let title: String
    let artist: String?
    let albumArtist: String?
    let genre: String?
    let artistsJSON: String
    let albumArtistsJSON: String
    let genresJSON: String
    let otherTagsJSON: String
    let folds: Folds
    /// How the track groups into an album, nil without an album title.
    let grouping: AlbumGrouping?
    /// The folded name (the artist table's key) of each of `metadata.artists`.
    let artistKeys: [String]
    /// The folded name of each of `metadata.albumArtists`.
    let albumArtistKeys: [String]

    /// The `*_fold` columns: what search and matching compare.
    struct Folds: Sendable {
        var title, artist, albumArtist, album, genre, composer, comment: String
    }

    package init(metadata: TrackMetadata, file: FileFacts, fingerprint: String?) {
        self.metadata = metadata
        self.file = file
        self.fingerprint = fingerprint
        pathText = file.path.text
        title = metadata.title ?? file.path.stem
        artist = Track.display(metadata.artists)
        albumArtist = Track.display(metadata.albumArtists)
        genre = metadata.genres.isEmpty ? nil : metadata.genres.joined(separator: "; ")
        artistsJSON = JSONText.encode(metadata.artists)
        albumArtistsJSON = JSONText.encode(metadata.albumArtists)
        genresJSON = JSONText.encode(metadata.genres)
        otherTagsJSON = JSONText.encode(metadata.otherTags)
        folds = Folds(
            title: TextFold.fold(title),
            artist: TextFold.fold(metadata.artists.joined(separator: "\u{1F}")),
            albumArtist: TextFold.fold(metadata.albumArtists.joined(separator: "\u{1F}")),
            album: TextFold.fold(metadata.album ?? ""),
            genre: TextFold.fold(metadata.genres.joined(separator: "\u{1F}")),
            composer: TextFold.fold(metadata.composer ?? ""),
            comment: TextFold.fold(metadata.comment ?? ""))
        grouping = AlbumGrouping(metadata)
        // One name (the usual case) is its own joined list: its key is the fold above.
        artistKeys = metadata.artists.count == 1 ? [folds.artist] : metadata.artists.map(TextFold.fold)
        albumArtistKeys = metadata.albumArtists.count == 1 ? [folds.albumArtist] : metadata.albumArtists.map(TextFold.fold)
    }
}
