import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
@testable import LibraryServer
import Testing

/// Answers of many list items: rendered on their own thread while they are sent, with the
/// same bytes as a whole rendering; a client that goes away stops the writer.
@Suite("Subsonic answers written while sent")
struct SubsonicStreamedAnswerTests {
    /// An `artists` answer of `count` generated artists.
    private static func answer(count: Int) -> SubsonicNode {
        var node = SubsonicNode("artists")
        node.appendList("artist", count: count) { SubsonicNode("artist", ["id": $0, "name": "Artist \($0) & \"co\" <é>"]) }
        return SubsonicEnvelope.ok(node).node(serverVersion: "1")
    }

    @Test("a big answer arrives chunked and equals the whole rendering, in every format")
    func bigAnswersAreStreamed() async throws {
        let count = 20_000
        let formats: [String: SubsonicFormat] = ["xml": .xml, "json": .json, "jsonp": .jsonp(callback: "cb")]
        let router = Router()
        router.get("/big/:format") { _, context in
            let format = formats[context.parameters.get("format") ?? ""] ?? .xml
            return Response(status: .ok, body: await StreamedAnswer.body(Self.answer(count: count), as: format))
        }
        try await Application(router: router).test(.live) { client in
            for (name, format) in formats {
                let big = try await client.execute(uri: "/big/\(name)", method: .get)
                let whole = SubsonicRenderer.bytes(Self.answer(count: count), as: format)
                #expect(whole.count > 3 * SubsonicRenderer.chunkLength)
                #expect(Array(big.body.readableBytesView) == whole, "\(name)")
                #expect(big.headers[.transferEncoding] == "chunked", "\(name)")
                #expect(big.headers[.contentLength] == nil, "\(name)")
            }
        }
    }

    @Test("an answer that fits in two chunks keeps its Content-Length, streamed or not")
    func smallAnswersKeepTheirLength() async throws {
        let router = Router()
        router.get("/items/:count") { _, context in
            let count = Int(context.parameters.get("count") ?? "") ?? 0
            return Response(status: .ok, body: await StreamedAnswer.body(Self.answer(count: count), as: .json))
        }
        try await Application(router: router).test(.live) { client in
            // 1 and 10 are rendered at once; 2,100 on a thread but within two chunks.
            for count in [1, 10, StreamedAnswer.streamedItems + 100] {
                let whole = SubsonicRenderer.bytes(Self.answer(count: count), as: .json)
                #expect(whole.count < 2 * SubsonicRenderer.chunkLength)
                let small = try await client.execute(uri: "/items/\(count)", method: .get)
                #expect(Array(small.body.readableBytesView) == whole)
                #expect(small.headers[.contentLength] == String(whole.count), "\(count)")
                #expect(small.headers[.transferEncoding] == nil)
            }
        }
    }

    @Test("a body whose connection fails mid-answer stops its writer thread")
    func aFailedWriteStopsTheWriter() async throws {
        let (ended, endedContinuation) = AsyncStream<Bool>.makeStream()
        let body = await StreamedAnswer.body(Self.answer(count: 1_000_000), as: .xml) { stoppedEarly in
            endedContinuation.yield(stoppedEarly)
            endedContinuation.finish()
        }
        var failed = false
        do {
            try await body.write(FailingWriter())
        } catch is FailingWriter.Closed {
            failed = true
        }
        #expect(failed)
        var events = ended.makeAsyncIterator()
        // The writer was blocked a few chunks ahead of the failed socket, then stopped:
        // a million artists were never all rendered.
        #expect(await events.next() == true)
    }

    @Test("a body dropped before it is sent stops its writer thread")
    func aDroppedBodyStopsTheWriter() async throws {
        let (ended, endedContinuation) = AsyncStream<Bool>.makeStream()
        var body: ResponseBody? = await StreamedAnswer.body(Self.answer(count: 1_000_000), as: .json) { stoppedEarly in
            endedContinuation.yield(stoppedEarly)
            endedContinuation.finish()
        }
        #expect(body != nil)
        body = nil
        var events = ended.makeAsyncIterator()
        #expect(await events.next() == true)
    }
}

/// A response writer whose connection closes after its first write.
private struct FailingWriter: ResponseBodyWriter {
    struct Closed: Error {}
    var writes = 0

    mutating func write(_ buffer: ByteBuffer) async throws {
        writes += 1
        if writes > 1 { throw Closed() }
    }

    func finish(_ trailingHeaders: HTTPFields?) async throws {}
}
