import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import LibraryCore
@testable import LibraryServer
import LibraryServices
import Testing
import TestSupport

/// stream, download, getCoverArt and the lyrics endpoints over a scanned temporary library.
@Suite("Subsonic media endpoints")
struct MediaEndpointsTests {
    /// A library of three folders: Cover/ (alac.m4a, no picture, with a 300×200 cover.jpg),
    /// Embedded/ (tagged.flac, an 8×8 picture) and Lyrics/ (the two lyrics fixtures).
    static func library() async throws -> ScannedLibrary {
        try await ScannedLibrary("media", layout: [
            "Cover/alac.m4a": "alac.m4a", "Cover/cover.jpg": "covers/cover.jpg", "Embedded/tagged.flac": "tagged.flac",
            "Lyrics/synced.flac": "lyrics/synced.flac", "Lyrics/plain.flac": "lyrics/plain.flac",
        ])
    }

    static func uri(_ name: String, _ query: String) -> String { "/rest/\(name)?\(ServerHarness.alice)&\(query)" }

    @Test("stream: the whole file, its content type, ranges byte for byte, 416 past the end")
    func stream() async throws {
        let library = try await Self.library()
        defer { library.remove() }
        let file = try library.bytes("Embedded/tagged.flac")
        let uri = Self.uri("stream", "id=tr-\(library.ids["tagged.flac"]!)")
        try await library.harness.test { client in
            let whole = try await client.execute(uri: uri, method: .get)
            #expect(whole.status == .ok)
            #expect(Data(buffer: whole.body) == file)
            #expect(whole.headers[.contentType] == "audio/flac")
            #expect(whole.headers[.acceptRanges] == "bytes")
            let etag = try #require(whole.headers[.eTag])
            let cases: [(String, Range<Int>)] = [("bytes=0-99", 0..<100), ("bytes=200-299", 200..<300),
                                                 ("bytes=-300", file.count - 300..<file.count), ("bytes=1000-", 1000..<file.count)]
            for (range, expected) in cases {
                let part = try await client.execute(uri: uri, method: .get, headers: [.range: range, .ifRange: etag])
                #expect(part.status == .partialContent)
                #expect(Data(buffer: part.body) == file.subdata(in: expected), "\(range)")
            }
            let stale = try await client.execute(uri: uri, method: .get, headers: [.range: "bytes=0-9", .ifRange: "\"other\""])
            #expect(stale.status == .ok)
            #expect(Data(buffer: stale.body) == file)
            let past = try await client.execute(uri: uri, method: .get, headers: [.range: "bytes=\(file.count)-"])
            #expect(past.status == .rangeNotSatisfiable)
            #expect(past.headers[.contentRange] == "bytes */\(file.count)")
            // This harness has no ffmpeg: a bitrate limit alone gets the original, another
            // format a clear error rather than a stream in the wrong format.
            let limited = try await client.execute(uri: uri + "&maxBitRate=128&timeOffset=5", method: .get)
            #expect(Data(buffer: limited.body) == file)
            let refused = try JSONAnswer(try await client.execute(uri: uri + "&format=mp3&f=json", method: .get).body)
            #expect(refused.errorCode == 0)
            #expect(refused.errorMessage?.contains("ffmpeg was not found") == true)
        }
    }

    @Test("HEAD on stream: the headers a GET would send, and no body")
    func headOnStream() async throws {
        let library = try await Self.library()
        defer { library.remove() }
        let file = try library.bytes("Embedded/tagged.flac")
        let uri = Self.uri("stream", "id=tr-\(library.ids["tagged.flac"]!)")
        try await library.harness.test { client in
            let head = try await client.execute(uri: uri, method: .head)
            #expect(head.status == .ok)
            #expect(head.body.readableBytes == 0)
            #expect(head.headers[.contentType] == "audio/flac")
            #expect(head.headers[.contentLength] == String(file.count))
            #expect(head.headers[.acceptRanges] == "bytes")
        }
    }

    @Test("download: the file as an attachment named after it")
    func download() async throws {
        let library = try await Self.library()
        defer { library.remove() }
        try await library.harness.test { client in
            let response = try await client.execute(uri: Self.uri("download", "id=tr-\(library.ids["alac.m4a"]!)"), method: .get)
            #expect(response.status == .ok)
            #expect(Data(buffer: response.body) == (try library.bytes("Cover/alac.m4a")))
            #expect(response.headers[.contentType] == "audio/mp4")
            #expect(response.headers[.contentDisposition]?.contains("filename=\"alac.m4a\"") == true)
        }
    }

    @Test("unknown, wrong-kind and path-like ids: an error answer, never file bytes", arguments: [
        ("id=tr-999999", 70), ("id=al-1", 70), ("id=../../etc/passwd", 10), ("id=tr-1/../..", 10),
        ("id=%2E%2E%2F%2E%2E%2Fetc%2Fpasswd", 10), ("id=tr-1%2F..%2F..%2Fetc%2Fpasswd", 10), ("id=tr-..%2F1", 10),
        ("id=/etc/passwd", 10), ("id=tr-1%00", 10), ("id=", 10), ("", 10),
    ])
    func badIDs(_ query: String, _ code: Int) async throws {
        let library = try await Self.library()
        defer { library.remove() }
        try await library.harness.test { client in
            for endpoint in ["stream", "download", "getCoverArt", "getLyricsBySongId"] {
                if endpoint == "getCoverArt" && query == "id=al-1" { continue }
                let response = try await client.execute(uri: Self.uri(endpoint, query + "&f=json"), method: .get)
                #expect(response.status == .ok)
                let answer = try JSONAnswer(response.body)
                #expect(answer.status == "failed", "\(endpoint) \(query)")
                #expect(answer.errorCode == code, "\(endpoint) \(query): \(answer.errorMessage ?? "")")
            }
        }
    }

    @Test("getCoverArt: the original, or resized to the asked size rounded up to a step, for a song, its album, its artist")
    func coverArt() async throws {
        let library = try await Self.library()
        defer { library.remove() }
        let song = library.ids["alac.m4a"]!
        let album = library.albumIDs["alac.m4a"]!
        try await library.harness.test { client in
            let original = try await client.execute(uri: Self.uri("getCoverArt", "id=tr-\(song)"), method: .get)
            #expect(original.headers[.contentType] == "image/jpeg")
            #expect(Data(buffer: original.body) == (try library.bytes("Cover/cover.jpg")))
            for id in ["tr-\(song)", "al-\(album)"] {
                // 120 rounds up to the 128 step.
                let resized = try await client.execute(uri: Self.uri("getCoverArt", "id=\(id)&size=120"), method: .get)
                #expect(resized.headers[.contentType] == "image/jpeg")
                #expect(ImageInfo.dimensions(of: Data(buffer: resized.body))! == (128, 85))
            }
            let embedded = try await client.execute(uri: Self.uri("getCoverArt", "id=tr-\(library.ids["tagged.flac"]!)&size=64"), method: .get)
            #expect(ImageInfo.dimensions(of: Data(buffer: embedded.body))! == (8, 8))
            // Folder ids (fo-N) as getMusicDirectory gives them: one of the few folders is Cover/.
            var folderCovers: [Data] = []
            for folder in 1...8 {
                let response = try await client.execute(uri: Self.uri("getCoverArt", "id=fo-\(folder)"), method: .get)
                if response.headers[.contentType] == "image/jpeg" { folderCovers.append(Data(buffer: response.body)) }
            }
            #expect(folderCovers.contains(try library.bytes("Cover/cover.jpg")))
            for query in ["id=tr-\(library.ids["plain.flac"]!)", "id=pl-1", "id=tr-\(song)&size=0", "id=tr-\(song)&size=big"] {
                let answer = try await client.json("getCoverArt", "\(ServerHarness.alice)&\(query)")
                #expect(answer.status == "failed", "\(query)")
            }
        }
    }

    @Test("getLyricsBySongId: structured lyrics, synced with start times or plain; getLyrics by artist and title")
    func lyrics() async throws {
        let library = try await Self.library()
        defer { library.remove() }
        try await library.harness.test { client in
            let synced = try await client.json("getLyricsBySongId", "\(ServerHarness.alice)&id=tr-\(library.ids["synced.flac"]!)")
            let structured = try #require(synced["lyricsList"]?["structuredLyrics"] as? [[String: Any]])
            #expect(structured.count == 1)
            #expect(structured.first?["synced"] as? Bool == true)
            #expect(structured.first?["displayTitle"] as? String == "Synced Song")
            #expect(structured.first?["lang"] as? String == "xxx")
            let lines = try #require(structured.first?["line"] as? [[String: Any]])
            #expect(lines.map { $0["value"] as? String } == ["Hello there", "Second line"])
            #expect(lines.map { $0["start"] as? Int } == [1000, 2500])
            let none = try await client.json("getLyricsBySongId", "\(ServerHarness.alice)&id=tr-\(library.ids["alac.m4a"]!)")
            #expect((none["lyricsList"]?["structuredLyrics"] as? [Any])?.isEmpty == true)
            let xml = try await client.xml("getLyricsBySongId", "\(ServerHarness.alice)&id=tr-\(library.ids["plain.flac"]!)")
            #expect(xml.contains("<line>Plain words</line>"))
            let byName = try await client.json("getLyrics", "\(ServerHarness.alice)&artist=lyricist&title=plain%20song")
            #expect(byName["lyrics"]?["value"] as? String == "Plain words\nMore words")
            let missing = try await client.json("getLyrics", "\(ServerHarness.alice)&artist=Nobody&title=Nothing")
            #expect(missing.status == "ok")
            #expect(missing["lyrics"]?["value"] as? String == "")  // required by the OpenSubsonic schema
            for query in ["artist=%21%21&title=%22%22%22", "title=", ""] {
                let odd = try await client.json("getLyrics", "\(ServerHarness.alice)&\(query)")
                #expect(odd.status == "ok", "\(query)")
            }
        }
    }
}
