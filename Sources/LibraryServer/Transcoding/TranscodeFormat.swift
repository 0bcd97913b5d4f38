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

    /// The sample rate ffmpeg writes for a source at `sampleRate` (nil: unknown).
    func outputSampleRate(source sampleRate: Int?) -> Int {
        switch self {
        case .opus: return 48_000
        case .mp3, .aac: return sampleRate.flatMap { [32_000, 44_100, 48_000].contains($0) ? $0 : nil } ?? 44_100
        case .flac: return sampleRate ?? 44_100
        }
    }

    /// The bytes `seconds` of audio take in this format at `bitRate` kbps, for
    /// `estimateContentLength`: to the frame for MP3 (CBR frames of 1152 samples, plus the
    /// one the encoder's delay adds), the bitrate plus Ogg's framing for Opus, the bitrate
    /// for AAC; nil for FLAC, whose size cannot be told in advance.
    func estimatedLength(seconds: Double, bitRate: Int?, sampleRate: Int?) -> Int? {
        guard let bitRate, self != .flac else { return nil }
        let audio = seconds * Double(bitRate) * 1000 / 8
        switch self {
        case .mp3:
            let rate = Double(outputSampleRate(source: sampleRate))
            let frames = (seconds * rate / 1152).rounded(.up) + 1
            return Int((frames * 144_000 * Double(bitRate) / rate).rounded())
        case .opus: return Int((audio * 1.02).rounded(.up)) + 4096
        case .aac, .flac: return Int(audio.rounded(.up))
        }
    }

    /// ffmpeg's output options for this format at `bitRate` kbps (ignored for FLAC).
    /// `sampleRate` is the source's: MP3 and AAC are resampled to 44.1 kHz from rates their
    /// encoders or browsers handle badly (8 kHz MP3 plays nowhere in Chromium).
    func encoderArguments(bitRate: Int?, sampleRate: Int?) -> [String] {
        let rate = bitRate.map { ["-b:a", "\($0)k"] } ?? []
        let resample = outputSampleRate(source: sampleRate) == sampleRate ? [] : ["-ar", "44100"]
        switch self {
        // No Xing header (a pipe cannot be rewound to fill it in) and no tags: a stream of
        // CBR frames only, whose length `estimatedLength` knows to the frame.
        case .mp3: return ["-c:a", "libmp3lame"] + rate + resample + ["-write_xing", "0", "-id3v2_version", "0", "-f", "mp3"]
        case .opus: return ["-c:a", "libopus", "-vbr", "off"] + rate + ["-f", "opus"]
        case .aac: return ["-c:a", "aac"] + rate + resample + ["-f", "adts"]
        case .flac: return ["-c:a", "flac", "-f", "flac"]
        }
    }
}
