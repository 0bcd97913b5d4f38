@testable import LibraryServer
import Testing

/// The rules that choose between the original and a transcode (`StreamRules`).
@Suite("Transcoding rules")
struct TranscodingRulesTests {
    func plan(
        _ ask: StreamAsk, _ format: String, _ bitRate: Int?, downsample: TranscodeFormat = .opus, available: Bool = true
    ) throws(StreamRefusal) -> StreamPlan {
        try StreamRules.plan(ask, sourceFormat: format, sourceBitRate: bitRate, downsample: downsample, available: available)
    }

    @Test("nothing asked, raw, or a maxBitRate the file fits: the original")
    func original() throws {
        #expect(try plan(StreamAsk(), "FLAC", 900) == .original)
        #expect(try plan(StreamAsk(format: "raw", maxBitRate: 64), "FLAC", 900) == .original)
        #expect(try plan(StreamAsk(maxBitRate: 320), "MP3", 256) == .original)
        #expect(try plan(StreamAsk(maxBitRate: 256), "MP3", 256) == .original)
        // A 320k MP3 measures 321k with its headers: still the original for 320.
        #expect(try plan(StreamAsk(maxBitRate: 320), "MP3", 321) == .original)
        #expect(try plan(StreamAsk(maxBitRate: 320), "MP3", 340) == .transcode(.opus, bitRate: 128))
    }

    @Test("only a maxBitRate below the file's: the downsampling format at that bitrate, never above the default")
    func downsample() throws {
        #expect(try plan(StreamAsk(maxBitRate: 96), "FLAC", 900) == .transcode(.opus, bitRate: 96))
        #expect(try plan(StreamAsk(maxBitRate: 500), "FLAC", 900) == .transcode(.opus, bitRate: 128))
        #expect(try plan(StreamAsk(maxBitRate: 128), "MP3", 320, downsample: .mp3) == .transcode(.mp3, bitRate: 128))
        // An unknown bitrate (a tracker module) cannot be shown to fit.
        #expect(try plan(StreamAsk(maxBitRate: 128), "IT", nil) == .transcode(.opus, bitRate: 128))
    }

    @Test("a format: that format at min(maxBitRate, default), never above a lossy source's bitrate")
    func format() throws {
        #expect(try plan(StreamAsk(format: "mp3"), "FLAC", 900) == .transcode(.mp3, bitRate: 192))
        #expect(try plan(StreamAsk(format: "MP3", maxBitRate: 128), "FLAC", 900) == .transcode(.mp3, bitRate: 128))
        #expect(try plan(StreamAsk(format: "mp3"), "Vorbis", 112) == .transcode(.mp3, bitRate: 112))
        #expect(try plan(StreamAsk(format: "aac", maxBitRate: 64), "WMA", 192) == .transcode(.aac, bitRate: 64))
        // Already that format and within the limit: nothing to gain.
        #expect(try plan(StreamAsk(format: "mp3"), "MP3", 320) == .original)
        #expect(try plan(StreamAsk(format: "mp3", maxBitRate: 128), "MP3", 320) == .transcode(.mp3, bitRate: 128))
    }

    @Test("lossy becomes lossless only when flac is asked for")
    func lossless() throws {
        #expect(try plan(StreamAsk(format: "flac"), "MP3", 320) == .transcode(.flac, bitRate: nil))
        for format in TranscodeFormat.allCases where format != .flac {
            #expect(try plan(StreamAsk(maxBitRate: 64), "MP3", 320, downsample: format) != .transcode(.flac, bitRate: nil))
        }
    }

    @Test("timeOffset: the original re-encoded from the offset in its own lossy format, else the downsampling format")
    func offset() throws {
        #expect(try plan(StreamAsk(timeOffset: 30), "FLAC", 900) == .transcode(.opus, bitRate: 128))
        #expect(try plan(StreamAsk(format: "flac", timeOffset: 30), "FLAC", 900) == .transcode(.flac, bitRate: nil))
        #expect(try plan(StreamAsk(timeOffset: 30), "MP3", 160) == .transcode(.mp3, bitRate: 160))
        #expect(try plan(StreamAsk(timeOffset: 30), "WMA", 128) == .transcode(.opus, bitRate: 128))
        #expect(try plan(StreamAsk(timeOffset: 30), "FLAC", 900, available: false) == .original)
    }

    @Test("without ffmpeg: originals for a bitrate limit, a clear refusal for another format")
    func withoutFFmpeg() throws {
        #expect(try plan(StreamAsk(maxBitRate: 64), "FLAC", 900, available: false) == .original)
        #expect(try plan(StreamAsk(format: "raw"), "FLAC", 900, available: false) == .original)
        let refusal = #expect(throws: StreamRefusal.self) { try plan(StreamAsk(format: "opus"), "FLAC", 900, available: false) }
        #expect(refusal?.parameter == nil)
        #expect(refusal?.description.contains("ffmpeg") == true)
    }

    @Test("bad values name the parameter and say what it takes")
    func badValues() throws {
        let format = #expect(throws: StreamRefusal.self) { try plan(StreamAsk(format: "ogg"), "FLAC", 900) }
        #expect(format?.parameter == "format")
        #expect(format?.description == "format takes mp3, opus, aac, flac or raw, not ogg")
        let rate = #expect(throws: StreamRefusal.self) { try plan(StreamAsk(maxBitRate: -1), "FLAC", 900) }
        #expect(rate?.parameter == "maxBitRate")
    }

    @Test("estimated lengths: MP3 to the frame (1152 samples of 144·kbps/rate bytes, plus one), FLAC unknown")
    func estimates() {
        // 10 s at 44.1 kHz: 383 frames of 626.9 bytes plus one, as lame writes them.
        #expect(TranscodeFormat.mp3.estimatedLength(seconds: 10, bitRate: 192, sampleRate: 44_100) == 240_744)
        #expect(TranscodeFormat.mp3.estimatedLength(seconds: 7.3, bitRate: 128, sampleRate: 48_000) == 117_504)
        #expect(TranscodeFormat.flac.estimatedLength(seconds: 10, bitRate: nil, sampleRate: 44_100) == nil)
    }

    @Test("the cache key changes with the file's size, mtime, the format and the bitrate")
    func cacheKey() {
        let base = TranscodeCache.key(track: 7, size: 100, mtimeNs: 5, format: .opus, bitRate: 128)
        #expect(base == "7-100-5-128.opus")
        #expect(TranscodeCache.key(track: 7, size: 101, mtimeNs: 5, format: .opus, bitRate: 128) != base)
        #expect(TranscodeCache.key(track: 7, size: 100, mtimeNs: 6, format: .opus, bitRate: 128) != base)
        #expect(TranscodeCache.key(track: 7, size: 100, mtimeNs: 5, format: .mp3, bitRate: 128) != base)
        #expect(TranscodeCache.key(track: 7, size: 100, mtimeNs: 5, format: .opus, bitRate: 96) != base)
    }
}
