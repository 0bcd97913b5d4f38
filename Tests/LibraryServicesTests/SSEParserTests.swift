import LibraryServices
import Testing

@Suite("SSEParser")
struct SSEParserTests {
    @Test func eventsSplitAcrossChunksAtEveryByteComeOutWhole() {
        let stream = "id: 1\nevent: tracksChanged\ndata: {\"a\":1}\n\n: heartbeat\n\nid: 2\ndata: second\n\n"
        let expected = [
            ServerSentEvent(id: "1", event: "tracksChanged", data: "{\"a\":1}"),
            ServerSentEvent(id: "2", event: "message", data: "second"),
        ]
        let bytes = Array(stream.utf8)
        for split in 0...bytes.count {
            var parser = SSEParser()
            let events = parser.feed(bytes[..<split]) + parser.feed(bytes[split...])
            #expect(events == expected, "split at \(split)")
        }
        var byByte = SSEParser()
        #expect(bytes.flatMap { byByte.feed([$0]) } == expected)
        #expect(byByte.lastEventID == "2")
    }

    @Test func multiLineDataIsJoinedWithNewlines() {
        var parser = SSEParser()
        #expect(parser.feed(Array("data: one\ndata:two\ndata:  three\n\n".utf8)) == [ServerSentEvent(data: "one\ntwo\n three")])
    }

    @Test func commentsAndEventsWithoutDataDispatchNothing() {
        var parser = SSEParser()
        #expect(parser.feed(Array(": hello\n\nevent: x\n\nid: 9\n\nretry: 1500\nunknown: field\n\n".utf8)).isEmpty)
        #expect(parser.lastEventID == "9")
        #expect(parser.retryMilliseconds == 1500)
        // The id persists; the event name does not.
        #expect(parser.feed(Array("data: after\n\n".utf8)) == [ServerSentEvent(id: "9", event: "message", data: "after")])
    }

    @Test func crlfAndBareCRLineEndsAndALeadingBOMAreHandled() {
        var parser = SSEParser()
        let first = parser.feed([0xEF, 0xBB, 0xBF] + Array("data: a\r".utf8))
        let rest = parser.feed(Array("\n\r\ndata: b\r\rdata: c\n\n".utf8))
        #expect(first + rest == [ServerSentEvent(data: "a"), ServerSentEvent(data: "b"), ServerSentEvent(data: "c")])
    }

    @Test func anUnfinishedEventIsHeldUntilItsBlankLine() {
        var parser = SSEParser()
        #expect(parser.feed(Array("data: partial".utf8)).isEmpty)
        #expect(parser.feed(Array("\n".utf8)).isEmpty)
        #expect(parser.feed(Array("\n".utf8)) == [ServerSentEvent(data: "partial")])
    }
}
