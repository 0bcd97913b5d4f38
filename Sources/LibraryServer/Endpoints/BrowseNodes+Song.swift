import Foundation
import LibraryCore
import LibraryServices

/// The Subsonic response objects for songs (`child`): one mapping, used by every endpoint
/// that lists songs.
enum BrowseNodes {
    /// A song as a `child` (named `name`: "song", "child", "entry"...), with the
    /// OpenSubsonic fields; lists are always present (`[]` when empty).
    static func song(_ song: BrowseSong, name: String = "song") -> SubsonicNode {
        let track = song.track
        let metadata = track.metadata
        let suffix = track.path.pathExtension
        let artist = track.artist
        var node = SubsonicNode(name, [
            "id": SubsonicID.track(track.id),
            "parent": SubsonicID.folder(song.folderID),
            "isDir": false,
            "title": track.title,
            "album": metadata.album,
            "artist": artist,
            "track": metadata.trackNumber,
            "year": metadata.year,
            "genre": metadata.genres.first,
            "coverArt": coverArt(song),
            "size": track.fileSize,
            "contentType": AudioContentType.of(format: metadata.audio.format),
            "suffix": suffix,
            "duration": seconds(metadata.audio.durationMs),
            "bitRate": metadata.audio.bitrate,
            "path": virtualPath(song),
            "discNumber": metadata.discNumber,
            "created": track.addedAt,
            "albumId": track.albumID.map(SubsonicID.album),
            "artistId": song.artists.first.map { SubsonicID.artist($0.id) },
            "type": "music",
            "isVideo": false,
            "bpm": metadata.bpm.map { Int($0.rounded()) },
            "comment": metadata.comment,
            "sortName": metadata.titleSort,
            "mediaType": "song",
            "musicBrainzId": metadata.musicBrainz.recordingID,
            "displayArtist": artist ?? "",
            "displayAlbumArtist": track.albumArtist ?? artist ?? "",
            "displayComposer": metadata.composer,
            "bitDepth": metadata.audio.bitDepth,
            "samplingRate": metadata.audio.sampleRate,
            "channelCount": metadata.audio.channels,
        ])
        annotate(&node, song.annotation)
        node.appendList("genres", metadata.genres.map { SubsonicNode("genre", ["name": $0]) })
        node.appendList("artists", song.artists.map(reference))
        node.appendList("albumArtists", song.albumArtists.map(reference))
        let gain = metadata.replayGain
        node.append(SubsonicNode("replayGain", [
            "trackGain": gain.trackGain, "albumGain": gain.albumGain, "trackPeak": gain.trackPeak, "albumPeak": gain.albumPeak,
        ]))
        return node
    }

    /// The cover id of a song: its album's when it has one (one image per album, cached
    /// once), else its own; nil when there is no image to show.
    static func coverArt(_ song: BrowseSong) -> SubsonicID? {
        guard song.hasCover else { return nil }
        return song.track.albumID.map(SubsonicID.album) ?? .track(song.track.id)
    }

    /// "Artist/Album/01 Title.ext": a path clients can show and sort by, never the file's.
    static func virtualPath(_ song: BrowseSong) -> String {
        let track = song.track
        let artist = track.albumArtist ?? track.artist ?? "Unknown Artist"
        let album = track.metadata.album ?? "Unknown Album"
        let number = track.metadata.trackNumber.map { $0 >= 0 && $0 < 10 ? "0\($0) " : "\($0) " } ?? ""
        let suffix = track.path.pathExtension
        let file = number + track.title + (suffix.isEmpty ? "" : "." + suffix)
        return [artist, album, file].map { $0.utf8.contains(UInt8(ascii: "/")) ? $0.replacingOccurrences(of: "/", with: "_") : $0 }
            .joined(separator: "/")
    }

    /// Stars, ratings and plays as Subsonic names them; absent when unset.
    static func annotate(_ node: inout SubsonicNode, _ annotation: Annotation, plays: Bool = true) {
        node.set("starred", annotation.starredAt)
        node.set("userRating", annotation.rating)
        if plays {
            node.set("playCount", annotation.playCount)
            node.set("played", annotation.lastPlayedAt)
        }
    }

    /// `{id, name}` of a credited artist.
    static func reference(_ artist: ArtistReference) -> SubsonicNode {
        SubsonicNode("artist", ["id": SubsonicID.artist(artist.id), "name": artist.name])
    }

    /// Whole seconds, rounded.
    static func seconds(_ milliseconds: Int) -> Int {
        (milliseconds + 500) / 1000
    }
}
