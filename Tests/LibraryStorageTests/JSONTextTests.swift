import Foundation
@testable import LibraryStorage
import Testing

/// The multi-valued columns read back as JSONSerialization reads them.
@Suite("JSON text columns")
struct JSONTextTests {
    private static let arrays: [[String]] = [
        [], [""], ["", ""], ["a"], ["Björk", "Guest"], ["a,b", ",", "\",\""], ["東京事変", "🎵 x"],
        ["back\\slash", "quote \"q\""], ["tab\t", "nl\n"], ["\u{301}combining", "x"], [" , ", "\",", ",\""],
    ]

    @Test func arraysReadBackAsWritten() throws {
        for values in Self.arrays {
            let text = JSONText.encode(values)
            let parsed = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String]
            #expect(parsed == values, "\(text)")
            #expect(JSONText.decodeArray(text) == values, "\(text)")
        }
    }

    @Test func otherTextIsNoArray() {
        #expect(JSONText.decodeArray("") == [])
        #expect(JSONText.decodeArray("{}") == [])
        #expect(JSONText.decodeArray("[1,2]") == [])
        #expect(JSONText.decodeArray(#"["a","b"]"#) == ["a", "b"])
    }
}
