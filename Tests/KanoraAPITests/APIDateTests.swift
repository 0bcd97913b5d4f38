import Foundation
import KanoraAPI
import LibraryCore
import Testing

/// The API's one date format: ISO 8601 in UTC to the millisecond, as JavaScript writes it.
@Suite("API dates: ISO 8601 in UTC to the millisecond")
struct APIDateTests {
    private struct Stamped: Codable, Equatable {
        var at: Date
        var never: Date?
    }

    private static let foundation = Date.ISO8601FormatStyle(includingFractionalSeconds: true, timeZone: .gmt)

    @Test func everyAPIDateIsWrittenSoAndReadBack() throws {
        let stamped = Stamped(at: Date(timeIntervalSince1970: 1_700_000_000.25), never: nil)
        let json = String(decoding: try API.encoder.encode(stamped), as: UTF8.self)
        #expect(json == #"{"at":"2023-11-14T22:13:20.250Z"}"#)
        #expect(try API.decoder.decode(Stamped.self, from: Data(json.utf8)) == stamped)
        let library = Library(id: 1, name: "Music", root: RawPath("/m"), createdAt: Date(timeIntervalSince1970: 0), lastScanAt: nil)
        #expect(String(decoding: try API.encoder.encode(library), as: UTF8.self).contains(#""createdAt":"1970-01-01T00:00:00.000Z""#))
    }

    @Test func itIsFoundationsISO8601WithMillisecondsRoundedNotTruncated() {
        // Every whole second of a day every 97 days from 1583 to 9999 reads as Foundation writes it.
        for day in stride(from: -141_349, through: 2_932_896, by: 97) {
            let date = Date(timeIntervalSince1970: Double(day) * 86_400 + Double(day % 86_400))
            #expect(APIDate.string(from: date) == date.formatted(Self.foundation), "\(date)")
            #expect(APIDate.date(from: APIDate.string(from: date)) == date)
        }
        // A date kept in milliseconds (the play queue's) comes back as it was: Foundation's
        // style writes 1700000000.123 as .122.
        for milliseconds: Int64 in [1_700_000_000_123, -1, 999, 253_402_300_799_999] {
            let date = Date(timeIntervalSince1970: Double(milliseconds) / 1000)
            let text = APIDate.string(from: date)
            #expect(text.hasSuffix(String(format: ".%03dZ", Int((milliseconds % 1000 + 1000) % 1000))), "\(text)")
            #expect(APIDate.date(from: text) == date, "\(text)")
        }
        // Before the Gregorian calendar's first whole year, Foundation's own (Julian) answer.
        #expect(APIDate.string(from: .distantPast) == Date.distantPast.formatted(Self.foundation))
    }

    @Test func otherFractionsAreReadAndAnythingElseRefused() throws {
        #expect(APIDate.date(from: "2026-11-25T14:03:07Z") == Date(timeIntervalSince1970: 1_795_615_387))
        #expect(APIDate.date(from: "2026-11-25T14:03:07.5Z") == Date(timeIntervalSince1970: 1_795_615_387.5))
        #expect(APIDate.date(from: "2024-02-29T00:00:00.000Z") != nil)
        for bad in ["2026-02-29T00:00:00Z", "2026-13-01T00:00:00Z", "2026-11-25T24:00:00Z", "2026-11-25 14:03:07Z",
                    "2026-11-25T14:03:07.250+01:00", "2026-11-25T14:03:07.Z", "1764079387", ""] {
            #expect(APIDate.date(from: bad) == nil, "\(bad)")
        }
        // The old form, seconds since 2001, is no date any more.
        #expect(throws: DecodingError.self) { try API.decoder.decode(Stamped.self, from: Data(#"{"at":12.5}"#.utf8)) }
        #expect(throws: DecodingError.self) { try API.decoder.decode(Stamped.self, from: Data(#"{"at":"yesterday"}"#.utf8)) }
    }
}
