import Foundation
import LibraryCore
import LibraryServices
import Testing

@Suite("LibraryEvent and LibraryError on the wire")
struct LibraryEventCodingTests {
    private func json<T: Encodable>(_ value: T) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    @Test func eachEventHasItsDocumentedShape() throws {
        #expect(try json(LibraryEvent.librariesChanged) == #"{"kind":"librariesChanged"}"#)
        #expect(try json(LibraryEvent.tracksChanged(libraryID: 3)) == #"{"kind":"tracksChanged","libraryID":3}"#)
        #expect(try json(LibraryEvent.tracksChanged(libraryID: nil)) == #"{"kind":"tracksChanged","libraryID":null}"#)
        #expect(try json(LibraryEvent.playlistsChanged(playlistID: 5)) == #"{"kind":"playlistsChanged","playlistID":5}"#)
        #expect(try json(LibraryEvent.playlistsChanged(playlistID: nil)) == #"{"kind":"playlistsChanged","playlistID":null}"#)
        let progress = ScanProgress(found: 1200, read: 900, skipped: 3, failed: 1, currentPath: "/music/A", elapsed: 2.5)
        #expect(try json(LibraryEvent.scanProgress(progress))
            == #"{"kind":"scanProgress","progress":{"currentPath":"/music/A","elapsed":2.5,"failed":1,"found":1200,"read":900,"skipped":3}}"#)
    }

    @Test func everyEventRoundTrips() throws {
        let events: [LibraryEvent] = [
            .librariesChanged, .tracksChanged(libraryID: 3), .tracksChanged(libraryID: nil),
            .playlistsChanged(playlistID: 5), .playlistsChanged(playlistID: nil), .scanProgress(ScanProgress(found: 2, read: 1)),
        ]
        for event in events {
            #expect(try JSONDecoder().decode(LibraryEvent.self, from: JSONEncoder().encode(event)) == event)
        }
        // A missing id means "any", like null.
        #expect(try JSONDecoder().decode(LibraryEvent.self, from: Data(#"{"kind":"tracksChanged"}"#.utf8)) == .tracksChanged(libraryID: nil))
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(LibraryEvent.self, from: Data(#"{"kind":"weatherChanged"}"#.utf8)) }
    }

    @Test func anErrorTravelsAsItsKindAndMessage() throws {
        let error = LibraryError(.notFound, "No playlist named \"Road\": see `kanora playlist list`.")
        #expect(try json(error) == #"{"kind":"notFound","message":"No playlist named \"Road\": see `kanora playlist list`."}"#)
        #expect(try JSONDecoder().decode(LibraryError.self, from: JSONEncoder().encode(error)) == error)
    }

    @Test func anEventBecomesAServerSentEventAndBack() throws {
        let message = LibraryEvent.playlistsChanged(playlistID: 5).serverSentEvent(id: "7")
        #expect(message.encoded == "id: 7\nevent: playlistsChanged\ndata: {\"kind\":\"playlistsChanged\",\"playlistID\":5}\n\n")
        var parser = SSEParser()
        let parsed = parser.feed(Array(message.encoded.utf8))
        #expect(parsed == [message])
        #expect(parsed.compactMap(LibraryEvent.init) == [.playlistsChanged(playlistID: 5)])
        // A kind this version does not know is skipped, not an error.
        #expect(LibraryEvent(ServerSentEvent(event: "weatherChanged", data: #"{"kind":"weatherChanged"}"#)) == nil)
    }
}
