import Testing
@testable import LibraryCore
import TestKit

@Suite("TextFold")
struct TextFoldTests {
    @Test(arguments: [
        ("Björk", "bjork"),
        ("MÖTLEY CRÜE", "motley crue"),
        ("Sigur Rós", "sigur ros"),
        ("Beyoncé", "beyonce"),
        ("BEYONCE\u{301}", "beyonce"), // NFD input
        ("Ａｂｃ１２", "abc12"), // full-width
        ("plain text", "plain text"),
        ("", ""),
    ])
    func folds(input: String, expected: String) {
        #expect(TextFold.fold(input) == expected)
        #expect(Array(TextFold.fold(input).utf8) == Array(expected.utf8))
    }

    @Test(arguments: ["坂本龍一", "방탄소년단", "周杰倫", "東京事変", "ビートルズ", "ガガ", "ポップ"])
    func cjkIsUnchanged(input: String) {
        #expect(Array(TextFold.fold(input).utf8) == Array(input.utf8))
    }

    @Test func foldedFormsMatch() {
        #expect(TextFold.fold("BJÖRK") == TextFold.fold("björk"))
        #expect(TextFold.fold("Motörhead") == TextFold.fold("MOTORHEAD"))
        #expect(TextFold.fold("Abba") != TextFold.fold("Abbe"))
    }

    @Test func foldIsIdempotentAndNFC() {
        for text in ["Björk", "MÖTLEY CRÜE", "Cafe\u{301}", "坂本龍一"] {
            let once = TextFold.fold(text)
            #expect(TextFold.fold(once) == once)
            #expect(Array(once.utf8) == Array(once.precomposedStringWithCanonicalMapping.utf8))
        }
    }
}

@Suite("TextFold scalar by scalar")
struct ScalarFoldsTests {
    /// Scalars from every covered block and from outside them, marks included.
    private static let alphabet: [Unicode.Scalar] = (Array(0x41...0x5A) + Array(0xC0...0x17F) + Array(0x300...0x36F)
        + Array(0x370...0x3FF) + Array(0x400...0x52F) + Array(0x1E00...0x1EFF) + Array(0x1F00...0x1FFF)
        + [0xAC00, 0xD7A3, 0x1100, 0x1161, 0x11A8, 0x4E00, 0x9F8D, 0x304B, 0x3099, 0x309A, 0x30AB, 0xFF21, 0x2160, 0xFB01, 0x0488])
        .compactMap { Unicode.Scalar(UInt32($0)) }

    @Test func everyTableEntryIsTheSlowFold() {
        var covered = 0
        for value in UInt32(0x80)..<0x2000 {
            guard let scalar = Unicode.Scalar(value), let fast = ScalarFolds.fold(String(Character(scalar))) else { continue }
            covered += 1
            #expect(Array(fast.utf8) == Array(TextFold.slowFold(String(Character(scalar))).utf8), "U+\(String(value, radix: 16))")
        }
        #expect(covered > 1000)
    }

    @Test func mixedTextFoldsAsTheSlowPathDoes() {
        var generator = SplitMix(seed: 42)
        var fastCount = 0
        for _ in 0..<3000 {
            let length = Int(generator.next() % 8) + 1
            var text = String.UnicodeScalarView()
            for _ in 0..<length { text.append(Self.alphabet[Int(generator.next() % UInt64(Self.alphabet.count))]) }
            let string = String(text)
            if ScalarFolds.fold(string) != nil { fastCount += 1 }
            #expect(Array(TextFold.fold(string).utf8) == Array(TextFold.slowFold(string).utf8), "\(string.unicodeScalars.map { String($0.value, radix: 16) })")
        }
        #expect(fastCount > 500)
    }

    @Test func hangulKanaAndIdeographsAreUnchanged() {
        #expect(ScalarFolds.fold("방탄소년단 ガガ 坂本龍一") == "방탄소년단 ガガ 坂本龍一")
        #expect(ScalarFolds.fold("ｶﾞ") == nil) // half-width kana: the slow path widens them
    }
}
