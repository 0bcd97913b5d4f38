/// Audio facts a tag reader found in a file, before any tags are mapped.
public struct AudioProperties: Sendable, Equatable {
    /// Canonical format name ("MP3", "FLAC", "AAC", ...).
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
