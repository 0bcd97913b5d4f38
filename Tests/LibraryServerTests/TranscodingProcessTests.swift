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

/// ffmpeg children: gone soon after their client, bounded in number, reachable over `/api/v1`.
@Suite("Transcoding processes", .enabled(if: TranscodingLibrary.ffmpeg != nil, TranscodingLibrary.skipReason))
struct TranscodingProcessTests {
    /// Thirty seconds of white noise as a 320k MP3: its FLAC transcode (asked for, ~4 MB)
    /// fills every buffer between ffmpeg and a client that stops reading, so ffmpeg is
    /// still running then.
    static let long = [
        "-f", "lavfi", "-i", "anoisesrc=d=30:c=white", "-ac", "2", "-ar", "44100", "-c:a", "libmp3lame", "-b:a", "320k",
    ]

    @Test("a client that disconnects mid-stream leaves no ffmpeg process (nor zombie), and no cache entry")
    func disconnect() async throws {
        let library = try await TranscodingLibrary(["long.mp3": Self.long])
        defer { library.remove() }
        try await library.application.test(.live) { client in
            let raw = try RawClient(port: try #require(client.port))
            defer { raw.close() }
            let uri = library.uri("long.mp3", "format=flac")
            let head = try await OffCooperativePool.run { try raw.get(uri) }
            #expect(head.hasPrefix("HTTP/1.1 200"))
            let pids = library.state.transcoder.runningProcessIDs
            try #require(pids.count == 1)
            #expect(processExists(pids[0]))
            raw.close()
            try await Wait.until("ffmpeg \(pids[0]) gone after its client left") { !processExists(pids[0]) }
            #expect(library.state.transcoder.runningProcessIDs.isEmpty)
            try await Wait.until("the partial transcode deleted \(library.cacheFiles())") { library.cacheFiles().isEmpty }
        }
    }

    @Test("past --transcode-limit a clear error; a slot frees when its client leaves")
    func limit() async throws {
        let library = try await TranscodingLibrary(["long.mp3": Self.long], limit: 1)
        defer { library.remove() }
        try await library.application.test(.live) { client in
            let raw = try RawClient(port: try #require(client.port))
            defer { raw.close() }
            let uri = library.uri("long.mp3", "format=flac")
            _ = try await OffCooperativePool.run { try raw.get(uri) }
            let refused = try JSONAnswer(try await client.execute(uri: library.uri("long.mp3", "format=opus&f=json"), method: .get).body)
            #expect(refused.errorCode == 0)
            #expect(refused.errorMessage?.contains("already transcoding 1 streams") == true, "\(refused.errorMessage ?? "")")
            let original = try await client.execute(uri: library.uri("long.mp3", "format=raw"), method: .head)
            #expect(original.status == .ok)
            raw.close()
            try await Wait.until("the slot freed") { library.state.transcoder.runningProcessIDs.isEmpty }
            let again = try await client.execute(uri: library.uri("long.mp3", "format=opus&maxBitRate=64"), method: .get)
            #expect(again.headers[.contentType] == "audio/ogg")
        }
    }

    @Test("GET /api/v1/stream: the same rules with an API key; a bad parameter is a 400 in the envelope; no key, 401")
    func apiStream() async throws {
        let library = try await TranscodingLibrary(["-y.flac": TranscodingTests.tone])
        defer { library.remove() }
        let id = library.ids["-y.flac"]!
        let key: HTTPFields = [.authorization: "Bearer \(FakeUserService.aliceKey)"]
        try await library.application.test(.live) { client in
            let opus = try await client.execute(uri: "/api/v1/stream?id=\(id)&format=opus&maxBitRate=96", method: .get, headers: key)
            #expect(opus.status == .ok)
            let probe = try Probe(Data(buffer: opus.body), in: library.folder)
            #expect(probe.codec == "opus")
            #expect(abs(probe.bitRate - 96_000) <= 9_600)
            let original = try await client.execute(uri: "/api/v1/stream?id=\(id)", method: .get, headers: key.merging([.range: "bytes=0-3"]))
            #expect(original.status == .partialContent)
            #expect(String(buffer: original.body) == "fLaC")
            let bad = try await client.execute(uri: "/api/v1/stream?id=\(id)&format=wav", method: .get, headers: key)
            #expect(bad.status == .badRequest)
            #expect(String(buffer: bad.body).contains("format takes mp3, opus, aac, flac or raw"))
            let anonymous = try await client.execute(uri: "/api/v1/stream?id=\(id)", method: .get)
            #expect(anonymous.status == .unauthorized)
        }
    }
}

extension HTTPFields {
    /// These fields and `other`'s.
    func merging(_ other: HTTPFields) -> HTTPFields {
        var fields = self
        fields.append(contentsOf: other)
        return fields
    }
}
