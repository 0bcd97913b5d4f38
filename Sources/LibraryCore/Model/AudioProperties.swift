/// What a file's audio is, as a tag reader finds it before any tags are mapped: the part of
/// `TrackMetadata` that comes from the audio stream rather than from tags.
public struct AudioProperties: Sendable, Equatable, Codable {
    /// Container/codec name, e.g. "MP3", "FLAC", "AAC", "ALAC", "Opus".
    public var format: String
    public var durationMs: Int
    /// Average bitrate in kbit/s.
    public var bitrate: Int?
    public var sampleRate: Int?
    public var channels: Int?
    public var bitDepth: Int?
    public var hasCoverArt: Bool

    public init(
        format: String, durationMs: Int = 0, bitrate: Int? = nil, sampleRate: Int? = nil,
        channels: Int? = nil, bitDepth: Int? = nil, hasCoverArt: Bool = false
    ) {
        self.format = format; self.durationMs = durationMs; self.bitrate = bitrate
        self.sampleRate = sampleRate; self.channels = channels; self.bitDepth = bitDepth
        self.hasCoverArt = hasCoverArt
    }
}
