import Foundation

/// A user's playlist: an ordered list of track ids, or a saved query (smart).
public struct Playlist: Sendable, Equatable, Identifiable, Codable, PlaylistFields {
    public var id: Int64
    public var name: String
    public var description: String?
    /// The saved query text of a smart playlist; nil for a normal one.
    public var smartQuery: String?
    public var smartSort: String?
    public var smartLimit: Int?
    public var trackCount: Int
    public var durationMs: Int64
    public var createdAt: Date
    public var updatedAt: Date

    public init(
        id: Int64, name: String, description: String?, smartQuery: String?, smartSort: String?,
        smartLimit: Int?, trackCount: Int, durationMs: Int64, createdAt: Date, updatedAt: Date
    ) {
        self.id = id; self.name = name; self.description = description
        self.smartQuery = smartQuery; self.smartSort = smartSort; self.smartLimit = smartLimit
        self.trackCount = trackCount; self.durationMs = durationMs
        self.createdAt = createdAt; self.updatedAt = updatedAt
    }

    /// Whether this is a smart playlist (a saved query evaluated when read).
    public var isSmart: Bool { smartQuery != nil }
}

/// One entry of a playlist, at a 1-based position.
public struct PlaylistEntry: Sendable, Equatable, Codable {
    public var position: Int
    public var track: Track

    public init(position: Int, track: Track) {
        self.position = position
        self.track = track
    }
}

/// One entry of a playlist as a song list shows it: its track, the owner's marks on it and
/// the id of the track's first credited artist.
///
/// Read for speed, the track has only the fields a song list shows: id, path, size,
/// format, length, bitrate, sample rate, title, artists, album and its id, track and disc
/// numbers, year, genres, date added and whether it is missing. The others are left empty.
public struct PlaylistSong: Sendable, Equatable {
    /// 1-based.
    public var position: Int
    public var track: Track
    public var annotation: Annotation
    public var artistID: Int64?

    public init(position: Int, track: Track, annotation: Annotation, artistID: Int64?) {
        self.position = position
        self.track = track
        self.annotation = annotation
        self.artistID = artistID
    }
}

extension PlaylistSong {
    /// What a song list reads of each entry: the less it reads, the cheaper the read. The
    /// fields it leaves out may be left empty (as `PlaylistSong` says) and `artistID` nil.
    public enum Reading: Sendable, Equatable {
        /// Every field `PlaylistSong` promises, the owner's marks and the first artist.
        case everything
        /// Every field `PlaylistSong` promises and the owner's marks, without the first artist
        /// (a Subsonic song entry).
        case withoutArtist
        /// What a track row shows (the web app's playlist screen): id, title (and the path
        /// for a track without one), artists, album and its id, track number, length, format,
        /// sample rate, whether it is missing, the owner's marks and the first artist.
        case trackRow
    }
}
