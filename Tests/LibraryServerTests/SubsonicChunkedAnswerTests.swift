import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
@testable import LibraryServer
import Testing

/// Large answers: lists made as they are written, rendered in bounded chunks, sent with
/// their length over a real socket.
@Suite("Subsonic answers in chunks")
struct SubsonicChunkedAnswerTests {
    private static let prefix = #"{"subsonic-response":{"status":"ok","version":"1.16.1","type":"kanora","serverVersion":"1","openSubsonic":true,"#

    /// An `artists` answer of `count` artists, made as a generated list or as nodes.
    private func answer(count: Int, generated: Bool) -> SubsonicNode {
        let item: @Sendable (Int) -> SubsonicNode = { SubsonicNode("x", ["id": $0, "name": "Artist \($0) & \"co\""]) }
        var node = SubsonicNode("artists")
        if generated {
            node.appendList("artist", count: count, item)
        } else {
            node.appendList("artist", (0..<count).map(item))
        }
        return SubsonicEnvelope.ok(node).node(serverVersion: "1")
    }

    /// The JSON of `answer(count:generated:)`, written by hand.
    private func expectedJSON(count: Int) -> String {
        let items = (0..<count).map { #"{"id":\#($0),"name":"Artist \#($0) & \"co\""}"# }
        return Self.prefix + #""artists":{"artist":["# + items.joined(separator: ",") + "]}}}"
    }

    @Test("a generated list is written exactly as the same nodes given at once, in every format")
    func generatedListsRenderLikeLists() {
        for format in [SubsonicFormat.xml, .json, .jsonp(callback: "cb")] {
            for count in [0, 1, 3] {
                let made = SubsonicRenderer.render(answer(count: count, generated: true), as: format)
                #expect(made == SubsonicRenderer.render(answer(count: count, generated: false), as: format), "\(format) \(count)")
            }
        }
        #expect(SubsonicRenderer.render(answer(count: 2, generated: true), as: .json) == expectedJSON(count: 2))
        #expect(answer(count: 3, generated: true).children(named: "artists").first?.children(named: "artist").map { $0.name } == ["artist", "artist", "artist"])
    }

    @Test("a large answer comes in chunks of at most 64 KiB that join into the whole answer")
    func largeAnswersComeInBoundedChunks() {
        let count = 5_000
        let chunks = SubsonicRenderer.chunks(answer(count: count, generated: true), as: .json)
        #expect(chunks.count > 3)
        #expect(chunks.allSatisfy { $0.count <= 64 * 1024 && !$0.isEmpty })
        #expect(String(decoding: chunks.joined(), as: UTF8.self) == expectedJSON(count: count))
        let small = SubsonicRenderer.chunks(answer(count: 1, generated: false), as: .xml)
        #expect(small.count == 1)
    }

    @Test("chunks are sent over HTTP as one body with its Content-Length")
    func chunksAreSentWithTheirLength() async throws {
        let count = 5_000
        let router = Router()
        router.get("/big") { [self] _, _ in
            Response(status: .ok, body: ChunkedBody.body(SubsonicRenderer.chunks(answer(count: count, generated: true), as: .json)))
        }
        router.get("/small") { _, _ in
            Response(status: .ok, body: ChunkedBody.body([Array("short".utf8)]))
        }
        try await Application(router: router).test(.live) { client in
            let expected = expectedJSON(count: count)
            let big = try await client.execute(uri: "/big", method: .get)
            #expect(big.status == .ok)
            #expect(String(buffer: big.body) == expected)
            #expect(big.headers[.contentLength] == String(expected.utf8.count))
            #expect(big.headers[.transferEncoding] == nil)
            let small = try await client.execute(uri: "/small", method: .get)
            #expect(String(buffer: small.body) == "short")
            #expect(small.headers[.contentLength] == "5")
        }
    }
}
