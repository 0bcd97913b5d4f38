import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import LibraryCore
@testable import LibraryServer
import LibraryServices
import Testing
import TestKit
import TestSupport

/// `stream` with the real ffmpeg over real HTTP: what comes out is probed with ffprobe.
@Suite("Transcoding with ffmpeg", .enabled(if: TranscodingLibrary.ffmpeg != nil, TranscodingLibrary.skipReason))
struct TranscodingTests {
    /// Ten seconds of a tone as FLAC, named so that a careless argument list reads it as `-y`.
    static let tone = ["-f", "lavfi", "-i", "sine=frequency=440:duration=10", "-ac", "2", "-ar", "44100"]
    /// Ten seconds of pink noise as a 320k MP3 (noise: a real bitrate to lower).
    static let noise = ["-f", "lavfi", "-i", "anoisesrc=d=10:c=pink", "-ac", "2", "-ar", "44100", "-c:a", "libmp3lame", "-b:a", "320k"]

    @Test("format=opus: Opus at its default bitrate and the source's duration; the second answer comes from the cache, with Range")
    func opusAndCache() async throws {
        let library = try await TranscodingLibrary(["-y.flac": Self.tone])
        defer { library.remove() }
        let uri = library.uri("-y.flac", "format=opus")
        try await library.application.test(.live) { client in
            let first = try await client.execute(uri: uri, method: .get)
            #expect(first.status == .ok)
            #expect(first.headers[.contentType] == "audio/ogg")
            #expect(first.headers[.acceptRanges] == nil)
            let bytes = Data(buffer: first.body)
            let probe = try Probe(bytes, in: library.folder)
            #expect(probe.codec == "opus")
            #expect(abs(probe.seconds - 10) <= 0.2, "\(probe.seconds) s")
            #expect(abs(probe.bitRate - 128_000) <= 12_800, "\(probe.bitRate) bit/s")
            #expect(library.cacheFiles().count == 1)

            let second = try await client.execute(uri: uri, method: .get)
            #expect(Data(buffer: second.body) == bytes)
            #expect(second.headers[.acceptRanges] == "bytes")
            #expect(second.headers[.contentLength] == String(bytes.count))
            let part = try await client.execute(uri: uri, method: .get, headers: [.range: "bytes=100-199"])
            #expect(part.status == .partialContent)
            #expect(Data(buffer: part.body) == bytes.subdata(in: 100..<200))
            #expect(part.headers[.contentRange] == "bytes 100-199/\(bytes.count)")
            let past = try await client.execute(uri: uri, method: .get, headers: [.range: "bytes=\(bytes.count)-"])
            #expect(past.status == .rangeNotSatisfiable)
        }
    }

    @Test("a file changed on disk is never answered from the cache: refused until rescanned, then transcoded anew")
    func changedFile() async throws {
        let library = try await TranscodingLibrary(["-y.flac": Self.tone])
        defer { library.remove() }
        let uri = library.uri("-y.flac", "format=mp3")
        try await library.application.test(.live) { client in
            let first = try Probe(Data(buffer: try await client.execute(uri: uri, method: .get).body), in: library.folder)
            #expect(abs(first.seconds - 10) <= 0.2)
            let short = ["-f", "lavfi", "-i", "sine=frequency=880:duration=4", "-ac", "2", "-ar", "44100", "-y"]
            try TranscodingLibrary.run(TranscodingLibrary.ffmpeg!, ["-v", "error", "-nostdin"] + short + ["file:" + library.folder.path("music/-y.flac")])
            let stale = try JSONAnswer(try await client.execute(uri: uri + "&f=json", method: .get).body)
            #expect(stale.errorCode == 70)
            _ = try await library.harness.services.scanner.run(library.folder.path("music"))
            let again = try Probe(Data(buffer: try await client.execute(uri: uri, method: .get).body), in: library.folder)
            #expect(abs(again.seconds - 4) <= 0.2, "\(again.seconds) s")
        }
    }

    @Test("maxBitRate alone below the file's: Opus at that bitrate; with format=mp3: MP3 at it; at or above: the original")
    func maxBitRate() async throws {
        let library = try await TranscodingLibrary(["noise.mp3": Self.noise])
        defer { library.remove() }
        let original = try Data(contentsOf: library.folder.url.appendingPathComponent("music/noise.mp3"))
        try await library.application.test(.live) { client in
            let opus = try Probe(Data(buffer: try await client.execute(uri: library.uri("noise.mp3", "maxBitRate=96"), method: .get).body),
                                 in: library.folder)
            #expect(opus.codec == "opus")
            #expect(abs(opus.bitRate - 96_000) <= 9_600, "\(opus.bitRate) bit/s")
            #expect(abs(opus.seconds - 10) <= 0.2)
            let mp3 = try Probe(
                Data(buffer: try await client.execute(uri: library.uri("noise.mp3", "format=mp3&maxBitRate=128"), method: .get).body),
                in: library.folder)
            #expect(mp3.codec == "mp3")
            #expect(abs(mp3.bitRate - 128_000) <= 12_800, "\(mp3.bitRate) bit/s")
            #expect(abs(mp3.seconds - 10) <= 0.2)
            // Compared as Bools: a failed #expect on two large Data values diffs them for ever.
            let same = try await client.execute(uri: library.uri("noise.mp3", "maxBitRate=320"), method: .get)
            let sameIsOriginal = Data(buffer: same.body) == original
            #expect(sameIsOriginal, "\(same.body.readableBytes) bytes of \(same.headers[.contentType] ?? "?"), not the original's \(original.count)")
            let download = try await client.execute(uri: library.uri("noise.mp3", "format=opus", method: "download"), method: .get)
            let downloadIsOriginal = Data(buffer: download.body) == original
            #expect(downloadIsOriginal)
        }
    }

    @Test("timeOffset: the stream starts there (duration minus the offset) and is not cached")
    func timeOffset() async throws {
        let library = try await TranscodingLibrary(["-y.flac": Self.tone])
        defer { library.remove() }
        try await library.application.test(.live) { client in
            let answer = try await client.execute(uri: library.uri("-y.flac", "format=mp3&timeOffset=4"), method: .get)
            let probe = try Probe(Data(buffer: answer.body), in: library.folder)
            #expect(probe.codec == "mp3")
            #expect(abs(probe.seconds - 6) <= 0.2, "\(probe.seconds) s")
            // No format: a lossless file goes on from the offset in the downsampling format.
            let seek = try await client.execute(uri: library.uri("-y.flac", "timeOffset=7.5"), method: .get)
            let resumed = try Probe(Data(buffer: seek.body), in: library.folder)
            #expect(resumed.codec == "opus")
            #expect(abs(resumed.seconds - 2.5) <= 0.2, "\(resumed.seconds) s")
            #expect(library.cacheFiles().isEmpty)
        }
    }

    @Test("estimateContentLength: a Content-Length while transcoding, and exactly that many bytes of playable audio")
    func estimatedLength() async throws {
        let library = try await TranscodingLibrary(["-y.flac": Self.tone])
        defer { library.remove() }
        try await library.application.test(.live) { client in
            let answer = try await client.execute(uri: library.uri("-y.flac", "format=mp3&estimateContentLength=true"), method: .get)
            let length = try #require(answer.headers[.contentLength].flatMap { Int($0) })
            #expect(answer.body.readableBytes == length)
            let audioBytes = 10.0 * 192_000 / 8
            #expect(abs(Double(length) - audioBytes) < 0.1 * audioBytes, "\(length) bytes")
            let probe = try Probe(Data(buffer: answer.body), in: library.folder)
            #expect(probe.codec == "mp3")
            #expect(abs(probe.seconds - 10) <= 0.2, "\(probe.seconds) s")
        }
    }

    @Test("a corrupt file: a Subsonic error naming the song, no hang, no process and nothing cached")
    func corrupt() async throws {
        let library = try await TranscodingLibrary(["broken.mp3": Self.noise]) { folder in
            // Past the first frames, noise: TagLib still reads the header, ffmpeg decodes nothing.
            let path = folder.path("music/broken.mp3")
            var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
            var generator = SplitMix(seed: 7)
            for index in 2000..<bytes.count { bytes[index] = UInt8(truncatingIfNeeded: generator.next()) }
            try bytes.write(to: URL(fileURLWithPath: path))
        }
        defer { library.remove() }
        try await library.application.test(.live) { client in
            let answer = try await Wait.bounded("the answer for a corrupt file") {
                try await client.execute(uri: library.uri("broken.mp3", "format=opus&f=json"), method: .get)
            }
            let json = try JSONAnswer(answer.body)
            #expect(json.status == "failed")
            #expect(json.errorMessage?.contains("could not be transcoded") == true, "\(json.errorMessage ?? "")")
            #expect(library.state.transcoder.runningProcessIDs.isEmpty)
            #expect(library.cacheFiles().isEmpty)
        }
    }
}
