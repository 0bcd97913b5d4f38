/// A format Kanora transcodes to with ffmpeg, and how ffmpeg is told to make it.
///
/// Every format streams as ffmpeg writes it (no index at the end): MP3, Opus in Ogg, AAC in
/// ADTS, FLAC. MP3 and Opus are constant bitrate, so an estimated length is close and the
/// bitrate a client asked for is the one it gets.
public enum TranscodeFormat: String, Sendable, CaseIterable, Equatable {
    case mp3, opus, aac, flac

    /// The bitrate in kbps used when a client names the format without a lower `maxBitRate`;
    /// nil for FLAC, which is lossless and has no bitrate to choose.
    public var defaultBitRate: Int? {
        switch self {
        case .mp3: 192
        case .opus: 128
        case .aac: 192
        case .flac: nil
        }
    }

    /// The lowest bitrate the encoder takes, in kbps.
    var minimumBitRate: Int {
        switch self {
        case .mp3: 8
        case .opus: 6
        case .aac: 16
        case .flac: 0
        }
    }

    /// The Content-Type of the transcoded stream.
    public var contentType: String {
        switch self {
        case .mp3: "audio/mpeg"
        case .opus: "audio/ogg"
        case .aac: "audio/aac"
        case .flac: "audio/flac"
        }
    }

    /// The file name suffix of a cached transcode.
    var fileExtension: String {
        switch self {
        case .mp3: "mp3"
        case .opus: "opus"
        case .aac: "aac"
        case .flac: "flac"
        }
    }

    /// The Subsonic `format` of each of the scanner's formats that is one of these (so a
    /// request for the file's own format at a bitrate it already fits is the original).
    static func same(asSource format: String) -> TranscodeFormat? {
        switch format {
        case "MP3": .mp3
        case "Opus": .opus
        case "AAC": .aac
        case "FLAC": .flac
        default: nil
        }
    }

    /// ffmpeg's output options for this format at `bitRate` kbps (ignored for FLAC).
    /// `sampleRate` is the source's: MP3 and AAC are resampled to 44.1 kHz from rates their
    /// encoders or browsers handle badly (8 kHz MP3 plays nowhere in Chromium).
    func encoderArguments(bitRate: Int?, sampleRate: Int?) -> [String] {
        let rate = bitRate.map { ["-b:a", "\($0)k"] } ?? []
        let usual = [32_000, 44_100, 48_000]
        let resample = sampleRate.map { usual.contains($0) } == true ? [] : ["-ar", "44100"]
        switch self {
        case .mp3: return ["-c:a", "libmp3lame"] + rate + resample + ["-f", "mp3"]
        case .opus: return ["-c:a", "libopus", "-vbr", "off"] + rate + ["-f", "opus"]
        case .aac: return ["-c:a", "aac"] + rate + resample + ["-f", "adts"]
        case .flac: return ["-c:a", "flac", "-f", "flac"]
        }
    }
}
