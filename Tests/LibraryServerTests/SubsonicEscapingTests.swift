import Foundation
import LibraryCore
@testable import LibraryServer
import Testing

/// The byte-level escaping of Subsonic answers against the rules written out scalar by scalar.
@Suite("Subsonic escaping")
struct SubsonicEscapingTests {
    /// Every ASCII character, characters whose UTF-8 shares a lead byte with the special ones
    /// (0xE2, 0xEF), the special ones themselves, and text around them.
    private static let samples: [String] = {
        let ascii = String(String.UnicodeScalarView((0..<0x80).compactMap(Unicode.Scalar.init)))
        let near = "\u{2027}\u{2028}\u{2029}\u{202A}€\u{FFFD}\u{FFFE}\u{FFFF}\u{FEFF}"
        return [ascii, near, "plain", "", "é😀" + near + ascii + "tail", "\u{2028}", "a\u{FFFF}", "\u{EF}\u{E2}"]
    }()

    @Test func jsonEscapesControlsQuotesBackslashesAndLineSeparators() {
        for text in Self.samples {
            for separators in [false, true] {
                var bytes: [UInt8] = []
                JSONString.appendQuoted(text, to: &bytes, escapingLineSeparators: separators)
                var string = ""
                JSONString.appendQuoted(text, to: &string, escapingLineSeparators: separators)
                let expected = Self.json(text, separators: separators)
                #expect(String(decoding: bytes, as: UTF8.self) == expected)
                #expect(string == expected)
            }
        }
    }

    @Test func xmlEscapesMarkupAndDropsWhatXMLCannotCarry() {
        for text in Self.samples {
            for attribute in [false, true] {
                var bytes: [UInt8] = []
                XMLText.append(text, to: &bytes, attribute: attribute)
                #expect(String(decoding: bytes, as: UTF8.self) == Self.xml(text, attribute: attribute))
            }
        }
    }

    @Test func numbersAndFlagsAreWrittenAsTheirText() {
        let values: [any SubsonicValueConvertible] = [0, 9, 10, -1, Int64.max, Int64.min, 0.5, true, false]
        let node = SubsonicNode("x", ["a": "b"])
        var list = node
        list.appendValues("v", values)
        let json = SubsonicRenderer.render(list, as: .json)
        #expect(json.hasSuffix(#""v":[0,9,10,-1,9223372036854775807,-9223372036854775808,0.5,true,false]}}"#))
        let xml = SubsonicRenderer.render(list, as: .xml)
        #expect(xml.hasSuffix("<v>0</v><v>9</v><v>10</v><v>-1</v><v>9223372036854775807</v><v>-9223372036854775808</v><v>0.5</v><v>true</v><v>false</v></x>"))
    }

    /// JSON escaping scalar by scalar.
    private static func json(_ text: String, separators: Bool) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{2028}" where separators: out += "\\u2028"
            case "\u{2029}" where separators: out += "\\u2029"
            case _ where scalar.value < 0x20: out += String(format: "\\u%04x", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// XML escaping scalar by scalar.
    private static func xml(_ text: String, attribute: Bool) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"" where attribute: out += "&quot;"
            case "'" where attribute: out += "&apos;"
            case "\n" where attribute: out += "&#10;"
            case "\r": out += "&#13;"
            case "\t" where attribute: out += "&#9;"
            case "\n", "\t": out.unicodeScalars.append(scalar)
            case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF: break
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
