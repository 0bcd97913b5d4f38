/// Everything read from one audio file: audio properties and tags, already mapped to fields.
///
/// This is what a tag reader produces and what the scanner stores; `Track` adds identity,
/// location and bookkeeping.
public struct TrackMetadata: Sendable, Equatable {
    /// What the file's audio is: format, length, bitrate, cover art...
    public var audio: AudioProperties
    /// What is wrong with a file that was read anyway ("last frame cut short", "ends at 40%
    /// of its audio data"); nil for a whole file. Players play such files, so they are
    /// indexed, flagged, and found with `damaged:true`.
    public var damage: String?

    // Tags
    public var title: String?
    public var titleSort: String?
    public var artists: [String]
    public var artistSort: String?
    public var albumArtists: [String]
    public var albumArtistSort: String?
    public var album: String?
    public var albumSort: String?
    public var trackNumber: Int?
    public var trackTotal: Int?
    public var discNumber: Int?
    public var discTotal: Int?
    public var date: String?
    public var year: Int?
    public var originalDate: String?
    public var originalYear: Int?
    public var genres: [String]
    public var composer: String?
    public var comment: String?
    public var compilation: Bool
    public var bpm: Double?
    public var musicBrainz: MusicBrainzIDs
    public var replayGain: ReplayGain
    /// Every tag not mapped to a field above, keyed by TagLib's PropertyMap key, values in order.
    public var otherTags: [String: [String]]

    public init(
        format: String, durationMs: Int = 0, bitrate: Int? = nil, sampleRate: Int? = nil,
        channels: Int? = nil, bitDepth: Int? = nil, hasCoverArt: Bool = false,
        title: String? = nil, titleSort: String? = nil, artists: [String] = [],
        artistSort: String? = nil, albumArtists: [String] = [], albumArtistSort: String? = nil,
        album: String? = nil, albumSort: String? = nil, trackNumber: Int? = nil,
        trackTotal: Int? = nil, discNumber: Int? = nil, discTotal: Int? = nil,
        date: String? = nil, year: Int? = nil, originalDate: String? = nil,
        originalYear: Int? = nil, genres: [String] = [], composer: String? = nil,
        comment: String? = nil, compilation: Bool = false, bpm: Double? = nil,
        musicBrainz: MusicBrainzIDs = MusicBrainzIDs(), replayGain: ReplayGain = ReplayGain(),
        otherTags: [String: [String]] = [:], damage: String? = nil
    ) {
        self.audio = AudioProperties(
            format: format, durationMs: durationMs, bitrate: bitrate, sampleRate: sampleRate, channels: channels,
            bitDepth: bitDepth, hasCoverArt: hasCoverArt)
        self.title = title; self.titleSort = titleSort
        self.artists = artists; self.artistSort = artistSort; self.albumArtists = albumArtists
        self.albumArtistSort = albumArtistSort; self.album = album; self.albumSort = albumSort
        self.trackNumber = trackNumber; self.trackTotal = trackTotal
        self.discNumber = discNumber; self.discTotal = discTotal; self.date = date
        self.year = year; self.originalDate = originalDate; self.originalYear = originalYear
        self.genres = genres; self.composer = composer; self.comment = comment
        self.compilation = compilation; self.bpm = bpm; self.musicBrainz = musicBrainz
        self.replayGain = replayGain; self.otherTags = otherTags; self.damage = damage
    }

    /// The metadata of a file with `audio` and no tags (yet).
    public init(audio: AudioProperties) {
        self.init(format: audio.format)
        self.audio = audio
    }
}

/// MusicBrainz identifiers as Picard writes them.
public struct MusicBrainzIDs: Sendable, Equatable, Codable {
    /// MUSICBRAINZ_TRACKID (Picard stores the recording id under this key).
    public var recordingID: String?
    /// MUSICBRAINZ_RELEASETRACKID.
    public var trackID: String?
    /// MUSICBRAINZ_ALBUMID (the release).
    public var albumID: String?
    public var releaseGroupID: String?
    /// MUSICBRAINZ_ARTISTID (first value).
    public var artistID: String?
    /// MUSICBRAINZ_ALBUMARTISTID (first value).
    public var albumArtistID: String?

    public init(
        recordingID: String? = nil, trackID: String? = nil, albumID: String? = nil,
        releaseGroupID: String? = nil, artistID: String? = nil, albumArtistID: String? = nil
    ) {
        self.recordingID = recordingID; self.trackID = trackID; self.albumID = albumID
        self.releaseGroupID = releaseGroupID; self.artistID = artistID
        self.albumArtistID = albumArtistID
    }
}

/// ReplayGain values: gains in dB, peaks as linear amplitude.
public struct ReplayGain: Sendable, Equatable, Codable {
    public var trackGain: Double?
    public var trackPeak: Double?
    public var albumGain: Double?
    public var albumPeak: Double?

    public init(trackGain: Double? = nil, trackPeak: Double? = nil, albumGain: Double? = nil, albumPeak: Double? = nil) {
        self.trackGain = trackGain; self.trackPeak = trackPeak
        self.albumGain = albumGain; self.albumPeak = albumPeak
    }
}
