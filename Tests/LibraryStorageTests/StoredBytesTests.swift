import Foundation
@testable import LibraryStorage
import Testing

/// The checks that let a writer copy stored bytes as they are: each must say yes only when
/// the copy is what the `Track` path makes of the column.
@Suite("Stored bytes copied as they are")
struct StoredBytesTests {
    @Test func utf8IsValidExactlyWhenSwiftKeepsTheBytes() {
        // Short sequences around every lead byte's limits, and a deterministic spray of others.
        var samples: [[UInt8]] = [[], [0x41], [0xC2, 0x80], [0xC1, 0xBF], [0xE0, 0x9F, 0x80], [0xE0, 0xA0, 0x80],
                                  [0xED, 0x9F, 0xBF], [0xED, 0xA0, 0x80], [0xF0, 0x8F, 0x80, 0x80], [0xF0, 0x90, 0x80, 0x80],
                                  [0xF4, 0x8F, 0xBF, 0xBF], [0xF4, 0x90, 0x80, 0x80], [0xF5, 0x80, 0x80, 0x80], [0xE2, 0x82],
                                  [0xFF], [0x80], Array("Björk 東京事変 😀".utf8)]
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        let interesting: [UInt8] = [0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC2, 0xDF, 0xE0, 0xE1, 0xED, 0xEE,
                                    0xEF, 0xF0, 0xF1, 0xF4, 0xF5, 0xFF]
        for _ in 0..<20_000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let count = Int(state >> 60) % 6
            samples.append((0..<count).map { index in interesting[Int((state >> (UInt64(index) * 5 + 3)) & 0x1F) % interesting.count] })
        }
        for bytes in samples {
            let valid = bytes.withUnsafeBufferPointer { UTF8Bytes.isValid($0) }
            #expect(valid == (String(validating: bytes, as: UTF8.self) != nil), "\(bytes)")
        }
    }

    @Test(arguments: [
        (#"[]"#, true), (#"[""]"#, true), (#"["",""]"#, true), (#"["a/b","é"]"#, true), (#"["a,b",","]"#, true),
        (#"["a", "b"]"#, false), (#"["a\"b"]"#, false), (#"[1]"#, false), (#"["a",1]"#, false), (#"[ ]"#, false), (#"["]"#, false),
        (#"["a","]"#, false), (#"{}"#, false),
    ])
    func plainArraysSplitAsTheyAreRead(_ text: String, _ plain: Bool) {
        Array(text.utf8).withUnsafeBufferPointer { bytes in
            #expect(JSONText.isPlainArray(bytes) == plain, "\(text)")
            guard plain, bytes.count > 2 else { return }
            // Runs between `["`, `","` and `"]` are the values the Track path reads.
            let inner = String(decoding: bytes[2..<(bytes.count - 2)], as: UTF8.self)
            #expect(inner.components(separatedBy: #"",""#) == JSONText.decodeArray(String(decoding: bytes, as: UTF8.self)))
        }
    }

    @Test(arguments: [
        (#"{}"#, true), (#"{"A":[]}"#, true), (#"{"A/B":["x/y","é"],"ISRC":["1"],"Z":[]}"#, true), (#"{"":["x"]}"#, true),
        (#"{"A":["1"],"AB":["2"]}"#, true), (#"{"b":["1"],"a":["2"]}"#, false), (#"{"A":["1"],"A":["2"]}"#, false),
        (#"{"É":["1"]}"#, false), (#"{ "A":["1"]}"#, false), (#"{"A":["1",2]}"#, false), (#"{"A":"x"}"#, false),
        (#"{"A":["a\"b"]}"#, true), (#"{"A":["1"],}"#, false), (#"{"A":["1"]"#, false), (#"{"A":["1"]}}"#, false),
        ("{\"A\":[\"\u{1}\"]}", false), (#"[]"#, false), (#"{"LYRICS":["a\nb\"c\\d/e\u0001\r\t\u001f"]}"#, true),
        (#"{"A":["\u000a"]}"#, false), (#"{"A":["\b"]}"#, false), (#"{"A":["\/"]}"#, false), (#"{"A":["\u0008"]}"#, false),
        (#"{"A":["\u00e9"]}"#, false), (#"{"A":["\u001F"]}"#, false), (#"{"A\n":["1"]}"#, false), (#"{"A":["\"]}"#, false),
    ])
    func plainObjectsAreWhatTheirTagsAreWrittenAs(_ text: String, _ plain: Bool) {
        Array(text.utf8).withUnsafeBufferPointer { bytes in
            #expect(JSONText.isPlainObject(bytes) == plain, "\(text)")
        }
        // The property a writer relies on: decoded and written again, key by key, the same text.
        if plain { #expect(JSONText.encode(JSONText.decodeObject(text)) == text) }
    }
}
