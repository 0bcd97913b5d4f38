import Foundation
import LibraryCore
import LibraryStorage
import Testing

@Suite("Text folding")
struct QueryTextFoldTests {
    @Test("folds case, accents, width and special letters", arguments: [
        ("Björk", "bjork"), ("BJORK", "bjork"), ("plain ascii 123", "plain ascii 123"),
        ("Sigur Rós", "sigur ros"), ("Ærø", "aero"), ("Straße", "strasse"), ("Łódź", "lodz"),
        ("Đorđe", "dorde"), ("Œuvre", "oeuvre"), ("Þór", "thor"), ("ＡＢＣ", "abc"), ("ﬁn", "fin"),
        ("Motörhead", "motorhead"), ("Bjo\u{0308}rk", "bjork"), ("ΣΊΣΥΦΟΣ", "σισυφοσ"), ("東京", "東京"),
        ("한국어", "한국어"), ("", ""), ("İstanbul", "istanbul"),
    ])
    func folds(input: String, folded: String) {
        #expect(TextFold.fold(input) == folded)
    }

    @Test func foldIsIdempotent() {
        for text in ["Björk", "Ærø Smørrebrød", "Straße", "ΣΊΣΥΦΟΣ", "한국어", "ǅemal"] {
            #expect(TextFold.fold(TextFold.fold(text)) == TextFold.fold(text))
        }
    }

    @Test func regexpFunctionIsCaseInsensitiveAndNullSafe() throws {
        let database = try Database.open(.inMemory)
        try database.read { db in
            let yes: Int? = try db.scalar("SELECT regexp('^bj', 'Björk')")
            let no: Int? = try db.scalar("SELECT regexp('^x', 'Björk')")
            let operatorForm: Int? = try db.scalar("SELECT 'Björk' REGEXP 'ÖRK$'")
            let null: Int? = try db.scalar("SELECT regexp('a', NULL)")
            #expect(yes == 1)
            #expect(no == 0)
            #expect(operatorForm == 1)
            #expect(null == nil)
            #expect(throws: DatabaseError.self) { _ = try db.rows("SELECT regexp('(', 'x')") }
        }
    }
}
