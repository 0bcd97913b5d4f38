import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
@testable import LibraryServer
import Synchronization
import Testing
import TestKit

/// Answers of many list items: rendered on their own thread while they are sent, with the
/// same bytes as a whole rendering; a client that goes away stops the writer.
@Suite("Subsonic answers written while sent")
struct SubsonicStreamedAnswerTests {
    /// An `artists` answer of `count` generated artists.
    fileprivate static func answer(count: Int) -> SubsonicNode {
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
        let hooks = WriterHooks(ended: { stoppedEarly in
            endedContinuation.yield(stoppedEarly)
            endedContinuation.finish()
        })
        let body = await StreamedAnswer.body(Self.answer(count: 1_000_000), as: .xml, hooks: hooks)
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
        let hooks = WriterHooks(ended: { stoppedEarly in
            endedContinuation.yield(stoppedEarly)
            endedContinuation.finish()
        })
        var body: ResponseBody? = await StreamedAnswer.body(Self.answer(count: 1_000_000), as: .json, hooks: hooks)
        #expect(body != nil)
        body = nil
        var events = ended.makeAsyncIterator()
        #expect(await events.next() == true)
    }
}

/// What the writers and the slots of a test did, in order.
private enum WriterEvent: Equatable, Sendable {
    case queued, started, ended(stoppedEarly: Bool)
}

/// Writer threads are bounded: more big answers at once than slots wait their turn, and a
/// slot comes back whichever way its writer ends.
@Suite("Subsonic answer writers: at most a few at once")
struct SubsonicWriterSlotsTests {
    private static func answer(count: Int) -> SubsonicNode {
        SubsonicStreamedAnswerTests.answer(count: count)
    }

    /// `/big/N`: an answer of N items; `/impatient/N`: the same, whose writer gives up after
    /// `impatience` without a chunk taken (the others keep the server's stall limit, so a
    /// slow test machine never cuts them short).
    private static func router(
        _ slots: WriterSlots, _ hooks: WriterHooks, impatience: Duration = StreamedAnswer.stallLimit
    ) -> Router<BasicRequestContext> {
        let router = Router()
        for (path, stallLimit) in [("/big/:count", StreamedAnswer.stallLimit), ("/impatient/:count", impatience)] {
            router.get(RouterPath(path)) { _, context in
                let count = Int(context.parameters.get("count") ?? "") ?? 0
                let body = await StreamedAnswer.body(
                    answer(count: count), as: .json, slots: slots, stallLimit: stallLimit, hooks: hooks)
                return Response(status: .ok, body: body)
            }
        }
        return router
    }

    @Test("more big answers at once than slots all arrive whole, never more writers than slots")
    func writersAreBounded() async throws {
        let (limit, answers, count) = (2, 6, 20_000)
        let (events, event) = AsyncStream<WriterEvent>.makeStream()
        let running = Mutex((now: 0, most: 0, started: 0))
        let gate = Gate()
        defer { gate.open() }
        let slots = WriterSlots(limit: limit) { event.yield(.queued) }
        let hooks = WriterHooks(
            started: {
                running.withLock { $0.now += 1; $0.most = max($0.most, $0.now); $0.started += 1 }
                event.yield(.started)
                gate.wait()
            },
            ended: { _ in running.withLock { $0.now -= 1 } })
        let whole = SubsonicRenderer.bytes(Self.answer(count: count), as: .json)
        #expect(whole.count > 3 * SubsonicRenderer.chunkLength)
        try await Application(router: Self.router(slots, hooks)).test(.live) { client in
            let port = try #require(client.port)
            let connections = try (0..<answers).map { _ in
                try LoopbackEventStream.open(port: port, path: "/big/\(count)", headers: ["Connection": "close"])
            }
            // The first writers are held until every other answer waits for a slot (or, if
            // the bound were broken, until one writer too many has started).
            try await Wait.bounded("the other answers to wait for a slot") {
                var (started, queued) = (0, 0)
                for await next in events {
                    if next == .started { started += 1 }
                    if next == .queued { queued += 1 }
                    if started > limit || (started == limit && queued == answers - limit) { return }
                }
            }
            gate.open()
            for connection in connections {
                let body = try await Wait.bounded("an answer") {
                    var body: [UInt8] = []
                    for try await chunk in connection.bytes { body += chunk }
                    return body
                }
                #expect(body == whole)
            }
        }
        #expect(running.withLock { $0.most } == limit)
        #expect(running.withLock { $0.started } == answers)
    }

    @Test("a client that goes away mid-answer gives its writer slot back")
    func aDisconnectFreesTheSlot() async throws {
        let (events, event) = AsyncStream<WriterEvent>.makeStream()
        let hooks = WriterHooks(started: { event.yield(.started) }, ended: { event.yield(.ended(stoppedEarly: $0)) })
        try await Application(router: Self.router(WriterSlots(limit: 1), hooks)).test(.live) { client in
            let stalled = try LoopbackEventStream.openWithoutReading(port: try #require(client.port), path: "/big/1000000")
            _ = try await Wait.first("the stalled answer's writer", in: events) { $0 == .started }
            stalled.close()
            _ = try await Wait.first("its writer to stop", in: events) { $0 == .ended(stoppedEarly: true) }
            // Had the only slot leaked, this answer would never get a writer.
            let next = try await Wait.bounded("the next answer") { try await client.execute(uri: "/big/20000", method: .get) }
            #expect(Array(next.body.readableBytesView) == SubsonicRenderer.bytes(Self.answer(count: 20_000), as: .json))
        }
    }

    @Test("a client that asks and never reads loses its writer, and its slot, after the stall limit")
    func aStalledClientFreesTheSlot() async throws {
        let (events, event) = AsyncStream<WriterEvent>.makeStream()
        let hooks = WriterHooks(started: { event.yield(.started) }, ended: { event.yield(.ended(stoppedEarly: $0)) })
        let router = Self.router(WriterSlots(limit: 1), hooks, impatience: .milliseconds(200))
        try await Application(router: router).test(.live) { client in
            // Kept open and never read: only the stall limit can end its writer.
            let stalled = try LoopbackEventStream.openWithoutReading(port: try #require(client.port), path: "/impatient/1000000")
            defer { stalled.close() }
            _ = try await Wait.first("the stalled answer's writer", in: events) { $0 == .started }
            _ = try await Wait.first("its writer to give up", in: events) { $0 == .ended(stoppedEarly: true) }
            let next = try await Wait.bounded("the next answer") { try await client.execute(uri: "/big/20000", method: .get) }
            #expect(Array(next.body.readableBytesView) == SubsonicRenderer.bytes(Self.answer(count: 20_000), as: .json))
        }
    }

    @Test("a pipe whose sender takes nothing for its stall limit closes as stalled; one that is read does not")
    func aPipeGivesUpOnASenderThatTakesNothing() async {
        let pipe = ChunkPipe(capacity: 1, stallLimit: .milliseconds(50))
        #expect(pipe.put([1]))
        #expect(!pipe.put([2]))
        #expect(pipe.stalled)
        // What was handed over is still there; then the end, which the body reports as stalled.
        #expect(await pipe.next() == [1])
        #expect(await pipe.next() == nil)
        let read = ChunkPipe(capacity: 1, stallLimit: .seconds(600))
        #expect(read.put([1]))
        read.finish()
        #expect(await read.next() == [1])
        #expect(await read.next() == nil)
        #expect(!read.stalled)
    }

    @Test("waiters get slots in order of arrival; a cancelled one leaves without taking one")
    func waitersAreServedInOrder() async throws {
        let (arrivals, arrival) = AsyncStream<Void>.makeStream()
        let slots = WriterSlots(limit: 1) { arrival.yield() }
        #expect(await slots.acquire())
        let first = Task { await slots.acquire() }
        _ = try await Wait.first("the first waiter", in: arrivals)
        let cancelled = Task { await slots.acquire() }
        _ = try await Wait.first("the second waiter", in: arrivals)
        let third = Task { await slots.acquire() }
        _ = try await Wait.first("the third waiter", in: arrivals)
        cancelled.cancel()
        #expect(try await Wait.bounded("the cancelled waiter") { await cancelled.value } == false)
        // Served out of order, the first waiter would wait for ever here.
        slots.release()
        #expect(try await Wait.bounded("the first waiter's slot") { await first.value })
        slots.release()
        #expect(try await Wait.bounded("the third waiter's slot") { await third.value })
        slots.release()
        // Every slot came back: the next one is free at once.
        #expect(try await Wait.bounded("a free slot") { await slots.acquire() })
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
