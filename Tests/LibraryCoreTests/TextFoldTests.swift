import Testing
@testable import LibraryCore

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
