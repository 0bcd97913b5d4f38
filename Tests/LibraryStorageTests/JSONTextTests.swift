import Foundation
@testable import LibraryStorage
import Testing

@Suite("JSON text of multi-valued columns")
struct JSONTextTests {
    @Test(arguments: [
        [], [""], ["", ""], ["Rock"], ["Rock", "Pop"], ["a,b", "c", ""], ["Björk", "東京事変", "😀"],
        ["say \"hi\"", "back\\slash", "line\nbreak"], ["\",\"", "\"]"], ["e\u{301}", "\u{301}x"],
        ["a,b", ",", "\",\""], ["tab\t", "nl\n"], [" , ", "\",", ",\""],
    ] as [[String]])
    func arraysComeBackAsWritten(_ values: [String]) {
        #expect(JSONText.decodeArray(JSONText.encode(values)) == values)
    }

    @Test func arraysWithNothingEscapedSplitAtTheirSeparators() {
        #expect(JSONText.decodeArray(#"["a","b c","","d,e"]"#) == ["a", "b c", "", "d,e"])
        #expect(JSONText.decodeArray("[]") == [])
    }

    @Test func anythingButAnArrayOfStringsIsEmpty() {
        for text in ["", "{}", "[1,2]", "\"a\"", "[\"a\"", "null"] {
            #expect(JSONText.decodeArray(text) == [], "\(text)")
        }
    }
}
