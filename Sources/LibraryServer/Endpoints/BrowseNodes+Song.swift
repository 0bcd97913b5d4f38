import Foundation
import LibraryCore
import LibraryServices

/// The Subsonic response objects for songs (`child`): one mapping, used by every endpoint
/// that lists songs.
enum BrowseNodes {
    /// A song as a `child` (named `name`: "song", "child", "entry"...), with the
    /// OpenSubsonic fields; lists are always present (`[]` when empty).
    static func song(_ song: BrowseSong, name: String = "song") -> SubsonicNode {
        Song.node(song, name: name)
    }

    /// The shape of a song (`child`), written straight into the answer by song lists.
    enum Song: SubsonicShape {
        static func write<Fields: SubsonicFields>(_ song: BrowseSong, to fields: inout Fields) {
            let track = song.track
            let metadata = track.metadata
            let artist = track.artist
            fields.add("id", SubsonicID.track(track.id))
            fields.add("parent", SubsonicID.folder(song.folderID))
            fields.add("isDir", false)
            fields.add("title", track.title)
            fields.add("album", metadata.album)
            fields.add("artist", artist)
            fields.add("track", metadata.trackNumber)
            fields.add("year", metadata.year)
            fields.add("genre", metadata.genres.first)
            fields.add("coverArt", coverArt(song))
            fields.add("size", track.fileSize)
            fields.add("contentType", AudioContentType.of(format: metadata.audio.format))
            let suffix = track.path.pathExtension
            fields.add("suffix", suffix)
            fields.add("duration", seconds(metadata.audio.durationMs))
            fields.add("bitRate", metadata.audio.bitrate)
            fields.add("path", virtualPath(song, suffix: suffix))
            fields.add("discNumber", metadata.discNumber)
            fields.add("created", track.addedAt)
            fields.add("albumId", track.albumID.map(SubsonicID.album))
            fields.add("artistId", song.artists.first.map { SubsonicID.artist($0.id) })
            fields.add("type", "music")
            fields.add("isVideo", false)
            fields.add("bpm", metadata.bpm.map { Int($0.rounded()) })
            fields.add("comment", metadata.comment)
            fields.add("sortName", metadata.titleSort)
            fields.add("mediaType", "song")
            fields.add("musicBrainzId", metadata.musicBrainz.recordingID)
            fields.add("displayArtist", artist ?? "")
            fields.add("displayAlbumArtist", track.albumArtist ?? artist ?? "")
            fields.add("displayComposer", metadata.composer)
            fields.add("bitDepth", metadata.audio.bitDepth)
            fields.add("samplingRate", metadata.audio.sampleRate)
            fields.add("channelCount", metadata.audio.channels)
            addAnnotation(song.annotation, to: &fields)
            fields.addList("genres", metadata.genres) { genre, item in item.add("name", genre) }
            fields.addList("artists", song.artists, addReference)
            fields.addList("albumArtists", song.albumArtists, addReference)
            let gain = metadata.replayGain
            fields.addObject("replayGain") { item in
                item.add("trackGain", gain.trackGain)
                item.add("albumGain", gain.albumGain)
                item.add("trackPeak", gain.trackPeak)
                item.add("albumPeak", gain.albumPeak)
            }
        }
    }

    /// The cover id of a song: its album's when it has one (one image per album, cached
    /// once), else its own; nil when there is no image to show.
    static func coverArt(_ song: BrowseSong) -> SubsonicID? {
        guard song.hasCover else { return nil }
        return song.track.albumID.map(SubsonicID.album) ?? .track(song.track.id)
    }

    /// "Artist/Album/01 Title.ext": a path clients can show and sort by, never the file's.
    static func virtualPath(_ song: BrowseSong) -> String {
        virtualPath(song, suffix: song.track.path.pathExtension)
    }

    /// `virtualPath(_:)` with the file's extension already known: made in one string sized
    /// up front, with no string made per part on the way.
    static func virtualPath(_ song: BrowseSong, suffix: String) -> String {
        let track = song.track
        let artist = track.albumArtist ?? track.artist ?? "Unknown Artist"
        let album = track.metadata.album ?? "Unknown Album"
        var path = ""
        path.reserveCapacity(artist.utf8.count + album.utf8.count + track.title.utf8.count + suffix.utf8.count + 16)
        appendComponent(artist, to: &path)
        path.append("/")
        appendComponent(album, to: &path)
        path.append("/")
        // The number and the extension hold no slash (the extension comes after the last one).
        if let number = track.metadata.trackNumber {
            if number >= 0, number < 10 { path.append("0") }
            path.append(String(number))
            path.append(" ")
        }
        appendComponent(track.title, to: &path)
        if !suffix.isEmpty {
            path.append(".")
            path.append(suffix)
        }
        return path
    }

    /// Appends a path component with its slashes made underscores (checked on the bytes
    /// first: few names hold one).
    private static func appendComponent(_ text: String, to path: inout String) {
        var text = text
        let hasSlash = text.withUTF8 { $0.contains(UInt8(ascii: "/")) }
        path.append(hasSlash ? text.replacingOccurrences(of: "/", with: "_") : text)
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

    /// Adds what `annotate(_:_:plays:)` sets to an object that has none of those keys yet.
    static func addAnnotation<Fields: SubsonicFields>(_ annotation: Annotation, to fields: inout Fields, plays: Bool = true) {
        fields.add("starred", annotation.starredAt)
        fields.add("userRating", annotation.rating)
        if plays {
            fields.add("playCount", annotation.playCount)
            fields.add("played", annotation.lastPlayedAt)
        }
    }

    /// Adds `{id, name}` of a credited artist.
    static func addReference<Fields: SubsonicFields>(_ artist: ArtistReference, to fields: inout Fields) {
        fields.add("id", SubsonicID.artist(artist.id))
        fields.add("name", artist.name)
    }

    /// Whole seconds, rounded.
    static func seconds(_ milliseconds: Int) -> Int {
        (milliseconds + 500) / 1000
    }
}
