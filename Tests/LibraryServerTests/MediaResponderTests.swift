import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import LibraryCore
@testable import LibraryServer
import Testing
import TestSupport

/// Range, If-Range and validators through a real router, compared byte for byte with the file.
@Suite("Serving a file with byte ranges")
struct MediaResponderTests {
    static let fixture = "tagged.flac"
    let bytes = try! Data(contentsOf: Fixtures.url(Self.fixture))

    func withServer(_ test: @Sendable (any TestClientProtocol, MediaFile) async throws -> Void) async throws {
        let file = try #require(MediaFile(path: Fixtures.path(Self.fixture), contentType: "audio/flac", downloadName: "Jóga.flac"))
        let router = Router()
        router.on("/file", method: .get) { request, _ in
            MediaResponder().response(for: file, request: request)
        }
        router.on("/file", method: .head) { request, _ in
            MediaResponder().response(for: file, request: request)
        }
        try await Application(router: router).test(.router) { client in try await test(client, file) }
    }

    func get(_ client: any TestClientProtocol, _ headers: HTTPFields = [:], method: HTTPRequest.Method = .get) async throws -> TestResponse {
        try await client.execute(uri: "/file", method: method, headers: headers)
    }

    @Test("no Range: 200, the whole file, validators and Accept-Ranges")
    func whole() async throws {
        try await withServer { client, file in
            let response = try await get(client)
            #expect(response.status == .ok)
            #expect(Data(buffer: response.body) == bytes)
            #expect(response.headers[.acceptRanges] == "bytes")
            #expect(response.headers[.contentType] == "audio/flac")
            #expect(response.headers[.contentLength] == String(bytes.count))
            #expect(response.headers[.eTag] == file.etag)
            #expect(response.headers[.lastModified] == HTTPDate.format(file.lastModifiedSeconds))
            #expect(response.headers[.contentDisposition]?.hasPrefix("attachment; filename=\"J_ga.flac\"") == true)
        }
    }

    @Test("first bytes, middle, open end, suffix: 206 with the exact bytes and Content-Range")
    func partial() async throws {
        let size = bytes.count
        let cases: [(String, Range<Int>)] = [
            ("bytes=0-0", 0..<1), ("bytes=0-99", 0..<100), ("bytes=100-1099", 100..<1100),
            ("bytes=\(size - 10)-", size - 10..<size), ("bytes=-500", size - 500..<size),
            ("bytes=\(size - 5)-\(size + 100)", size - 5..<size), ("bytes=-\(size * 2)", 0..<size),
        ]
        try await withServer { client, _ in
            for (header, expected) in cases {
                let response = try await get(client, [.range: header])
                #expect(response.status == .partialContent, "\(header)")
                #expect(Data(buffer: response.body) == bytes.subdata(in: expected), "\(header)")
                #expect(response.headers[.contentRange] == "bytes \(expected.lowerBound)-\(expected.upperBound - 1)/\(size)", "\(header)")
                #expect(response.headers[.contentLength] == String(expected.count), "\(header)")
            }
        }
    }

    @Test("a start past the end: 416 with Content-Range bytes */SIZE and no body")
    func pastTheEnd() async throws {
        try await withServer { client, _ in
            for header in ["bytes=\(bytes.count)-", "bytes=\(bytes.count + 10)-\(bytes.count + 20)", "bytes=-0"] {
                let response = try await get(client, [.range: header])
                #expect(response.status == .rangeNotSatisfiable)
                #expect(response.headers[.contentRange] == "bytes */\(bytes.count)")
                #expect(response.body.readableBytes == 0)
            }
        }
    }

    @Test("If-Range: a matching ETag or date honours the range; anything else sends the whole file")
    func ifRange() async throws {
        try await withServer { client, file in
            let date = HTTPDate.format(file.lastModifiedSeconds)
            for validator in [file.etag, date] {
                let response = try await get(client, [.range: "bytes=0-9", .ifRange: validator])
                #expect(response.status == .partialContent)
                #expect(Data(buffer: response.body) == bytes.prefix(10))
            }
            for validator in ["\"stale\"", "W/\(file.etag)", HTTPDate.format(file.lastModifiedSeconds - 1), "nonsense"] {
                let response = try await get(client, [.range: "bytes=0-9", .ifRange: validator])
                #expect(response.status == .ok, "\(validator)")
                #expect(Data(buffer: response.body) == bytes)
            }
        }
    }

    @Test("multiple ranges and malformed headers: 200 with the whole file")
    func ignoredRanges() async throws {
        try await withServer { client, _ in
            for header in ["bytes=0-1,5-9", "bytes=9-1", "pages=1-2", "bytes=abc"] {
                let response = try await get(client, [.range: header])
                #expect(response.status == .ok)
                #expect(Data(buffer: response.body) == bytes)
            }
        }
    }

    @Test("HEAD: the headers of GET, no body")
    func head() async throws {
        try await withServer { client, _ in
            let response = try await get(client, [.range: "bytes=0-99"], method: .head)
            #expect(response.status == .partialContent)
            #expect(response.headers[.contentLength] == "100")
            #expect(response.body.readableBytes == 0)
        }
    }
}
