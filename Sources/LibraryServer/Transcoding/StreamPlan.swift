/// What a client asked of a stream: the parameters of Subsonic's `stream` (and of
/// `/api/v1/stream`), read but not yet judged.
struct StreamAsk: Sendable, Equatable {
    /// `format`: `mp3`, `opus`, `aac`, `flac`, `raw`, or nil when not given.
    var format: String?
    /// `maxBitRate` in kbps; 0 for no limit.
    var maxBitRate: Int = 0
    /// `timeOffset` in seconds; 0 to start at the beginning.
    var timeOffset: Double = 0
    /// `estimateContentLength`: send a Content-Length even while transcoding.
    var estimateContentLength = false
}

/// How a stream is answered: the original file, or a transcode.
enum StreamPlan: Sendable, Equatable {
    /// The original file, with Range.
    case original
    /// ffmpeg's output in `format` at `bitRate` kbps (nil: FLAC, lossless).
    case transcode(TranscodeFormat, bitRate: Int?)
}

/// Why a stream cannot be answered as asked: a sentence for the client.
struct StreamRefusal: Error, Equatable, CustomStringConvertible {
    /// The parameter at fault, or nil when the server cannot do it (no ffmpeg).
    let parameter: String?
    let description: String
}

/// The rules that turn a `StreamAsk` into a `StreamPlan` (the README's "Transcoding").
///
/// - `format=raw`: the original, always.
/// - A format given: that format at min(`maxBitRate`, the format's default), never above the
///   source's bitrate when the source is lossy; the original when it is already that format
///   and fits the bitrate.
/// - Only a `maxBitRate` below the file's bitrate (or a lossless or unknown bitrate): the
///   downsampling format (Opus unless `--downsample-format` says otherwise).
/// - Otherwise the original. Lossy never becomes lossless unless `flac` is asked for.
/// - A `timeOffset` needs ffmpeg: an original is then re-encoded from the offset in its
///   own format when it is lossy and Kanora writes it (MP3, Opus, AAC), else in the
///   downsampling format (a FLAC written to a pipe cannot say its length; Opus can).
enum StreamRules {
    /// The scanner's formats that are lossless: their bitrate says nothing of quality.
    static let losslessFormats: Set<String> = ["FLAC", "ALAC", "WAV", "AIFF", "APE", "WavPack", "TTA", "Ogg FLAC"]

    /// The plan for `ask` on a file of `sourceFormat` (the scanner's name) at `sourceBitRate`
    /// kbps (nil when unknown), where ffmpeg is `available` and `downsample` is the format
    /// for a bitrate limit alone.
    static func plan(
        _ ask: StreamAsk, sourceFormat: String, sourceBitRate: Int?, downsample: TranscodeFormat, available: Bool
    ) throws(StreamRefusal) -> StreamPlan {
        guard ask.maxBitRate >= 0 else {
            throw StreamRefusal(parameter: "maxBitRate", description: "maxBitRate takes kbps from 0 (no limit) up, not \(ask.maxBitRate)")
        }
        guard ask.timeOffset >= 0, ask.timeOffset.isFinite else {
            throw StreamRefusal(parameter: "timeOffset", description: "timeOffset takes seconds from 0 up, not \(ask.timeOffset)")
        }
        let lossless = losslessFormats.contains(sourceFormat)
        // A lossless file's bitrate is no ceiling: transcoding it to 320k MP3 raises nothing.
        let ceiling = lossless ? nil : sourceBitRate.flatMap { $0 > 0 ? $0 : nil }
        var plan: StreamPlan
        switch ask.format?.lowercased() {
        case "raw":
            return .original
        case nil, "":
            plan = .original
            let limited = ask.maxBitRate > 0 && !fits(sourceBitRate, under: ask.maxBitRate)
            if limited {
                plan = .transcode(downsample, bitRate: bitRate(for: downsample, limit: ask.maxBitRate, ceiling: ceiling))
            }
        case let name?:
            guard let format = TranscodeFormat(rawValue: name) else {
                throw StreamRefusal(parameter: "format", description: "format takes mp3, opus, aac, flac or raw, not \(name)")
            }
            let rate = bitRate(for: format, limit: ask.maxBitRate, ceiling: ceiling)
            let within = ask.maxBitRate == 0 || fits(sourceBitRate, under: ask.maxBitRate)
            let keep = TranscodeFormat.same(asSource: sourceFormat) == format && within && ask.timeOffset == 0
            plan = keep ? .original : .transcode(format, bitRate: rate)
            if plan != .original, !available {
                throw StreamRefusal(
                    parameter: nil,
                    description: "This server cannot transcode to \(format.rawValue): ffmpeg was not found when kanora serve started "
                        + "(install ffmpeg and restart it, or pass --ffmpeg PATH); ask for format=raw to get the original file")
            }
        }
        guard available else { return .original }
        if plan == .original, ask.timeOffset > 0 {
            let same = TranscodeFormat.same(asSource: sourceFormat)
            let own = lossless || same == .flac ? downsample : same ?? downsample
            plan = .transcode(own, bitRate: bitRate(for: own, limit: 0, ceiling: ceiling))
        }
        return plan
    }

    /// Whether a file of `bitRate` kbps (nil or 0: unknown) is within `limit`. A file's
    /// measured bitrate runs a little over its nominal one (a 320k MP3 with its headers is
    /// 321k to TagLib), so 5% over still fits: asking for 320 never re-encodes a 320k file.
    static func fits(_ bitRate: Int?, under limit: Int) -> Bool {
        guard let bitRate, bitRate > 0 else { return false }
        return bitRate * 100 <= limit * 105
    }

    /// The bitrate for `format`: its default, lowered to `limit` (0: none) and to the
    /// source's `ceiling` (nil: lossless or unknown), never below what the encoder takes.
    static func bitRate(for format: TranscodeFormat, limit: Int, ceiling: Int?) -> Int? {
        guard let standard = format.defaultBitRate else { return nil }
        var rate = standard
        if limit > 0 { rate = min(rate, limit) }
        if let ceiling { rate = min(rate, ceiling) }
        return max(rate, format.minimumBitRate)
    }
}
