import Foundation
import LibraryCore
@testable import LibraryStorage
import Testing

@Suite("Artist names are split into words on their bytes when ASCII, as by Unicode properties")
struct NameMatchTests {
    /// What `NameMatch.tokens` must give: runs of characters that are letters or numbers.
    private func unicodeTokens(_ text: String) -> [String] {
        text.split { !($0.isLetter || $0.isNumber) }.map(String.init)
    }

    @Test func asciiNamesSplitAsUnicodePropertiesSplitThem() {
        let names = [
            "", " ", "the road mornings", "AC/DC", "Guns N' Roses", "blink-182", "  leading and trailing  ",
            "x", "9", "@[`{", "tab\tand\r\nnew line", "Sigur_Ros", "a1b2-c3", "ZZ Top!", "~!#$%^&*()+=",
        ]
        for name in names {
            #expect(NameMatch.tokens(name).map(String.init) == unicodeTokens(name), "\(name)")
        }
        // Every ASCII byte alone: only letters and digits are words.
        for byte in UInt8(0)...UInt8(0x7F) {
            let text = "a" + String(UnicodeScalar(byte)) + "b"
            #expect(NameMatch.tokens(text).map(String.init) == unicodeTokens(text), "byte \(byte)")
        }
    }

    @Test func otherNamesStillSplitByUnicodeProperties() {
        for name in ["beyoncé knowles", "björk", "方大同 feat. 王力宏", "سلام عليكم", "ｆｕｌｌ ｗｉｄｔｈ", "e\u{301}cole", "٣ ٤"] {
            #expect(NameMatch.tokens(name).map(String.init) == unicodeTokens(name), "\(name)")
        }
    }

    @Test func aPartIsFoundByItsBytesAnywhereInTheText() {
        for (text, part) in [("the road", "road"), ("the road", "the"), ("roa", "road"), ("", "a"), ("abc", ""), ("aab", "ab"),
                             ("björk", "jö"), ("björk", "ork"), ("x", "x"), ("rodroad", "road"), ("road", "roads")] {
            #expect(NameMatch.holds(text, part) == (text.utf8.firstRange(of: part.utf8) != nil), "\(text) \(part)")
        }
    }

    @Test func matchingIsUnchangedForAsciiNames() throws {
        let names = NameMatch(try SearchQuery.parse("the road"))
        #expect(names.matches("The Road Mornings", .start))
        #expect(!names.matches("Road to the Sea", .start))
        #expect(names.matches("Road to the Sea", .whole))
        #expect(names.matches(["Some Artist", "The Roadrunners"], .start))
        #expect(!names.matches("The Roadrunners", .whole))
        #expect(names.matches("The Roadrunners", .prefix))
    }
}
