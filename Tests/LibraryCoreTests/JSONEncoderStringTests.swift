import Foundation
import LibraryCore
import Testing

/// The API's tracks and the CLI's pretty JSON write their strings with
/// `JSONString.appendEncoderQuoted`, which skips eight plain bytes at a time: each must come
/// out as `JSONEncoder` writes it, wherever in the string the character to escape falls.
@Suite("JSON strings as JSONEncoder writes them")
struct JSONEncoderStringTests {
    /// Every control character, quote, backslash, slash, DEL and some non-ASCII text, each
    /// at every offset of a string longer than two words, and some whole texts.
    private static let texts: [String] = {
        let specials = (0..<0x20).map { String(UnicodeScalar(UInt8($0))) } + ["\"", "\\", "/", "\u{7F}", "é", "🎵", "\u{2028}", " "]
        var texts = ["", "a", "plain text of some length", "/m/Artist/Album (2001)/01 Song.flac", "tab\there", "Ünïcode ⁄ 🎵"]
        for special in specials {
            for offset in 0...18 { texts.append(String(repeating: "x", count: offset) + special + String(repeating: "y", count: 18 - offset)) }
            texts.append(special + special + "abcdefgh" + special)
        }
        return texts
    }()

    @Test(arguments: [true, false])
    func stringsAreWhatJSONEncoderWrites(escapingSlashes: Bool) throws {
        let encoder = JSONEncoder()
        if !escapingSlashes { encoder.outputFormatting = .withoutEscapingSlashes }
        for text in Self.texts {
            var written: [UInt8] = []
            var utf8 = text
            utf8.withUTF8 { JSONString.appendEncoderQuoted(utf8: $0, escapingSlashes: escapingSlashes, to: &written) }
            let expected = try encoder.encode(text)
            #expect(written == Array(expected), "\(text.debugDescription)")
        }
    }

    @Test(arguments: [
        (#"[]"#, [String]()), (#"["a"]"#, ["a"]), (#"["",""]"#, ["", ""]), (#"["a/b","c,d","é"]"#, ["a/b", "c,d", "é"]),
    ])
    func plainListsSplitAtTheirSeparators(stored: String, values: [String]) {
        var split: [String] = []
        var bytes = stored
        bytes.withUTF8 { PlainJSONList.forEachValue(in: $0) { split.append(String(decoding: $0, as: UTF8.self)) } }
        #expect(split == values)
    }
}
