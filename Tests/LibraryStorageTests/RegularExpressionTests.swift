import LibraryCore
import LibraryStorage
import TestKit
import Testing

/// `field::regex` terms and SQL's `regexp` run on RE2: what the query language relies on.
@Suite("Regular expressions (RE2)")
struct RegularExpressionTests {
    private func regexp(_ pattern: String, _ text: String) throws -> Int? {
        let database = try Database.open(.inMemory)
        return try database.read { try $0.scalar("SELECT regexp(\(pattern), \(text))") }
    }

    @Test func caseInsensitiveUnanchoredAndUTF8() throws {
        // Case folds beyond ASCII.
        #expect(try regexp("BJÖRK", "björk") == 1)
        #expect(try regexp("σίσυφος", "ΣΊΣΥΦΟΣ") == 1)
        // A match anywhere unless anchored.
        #expect(try regexp("ör", "Björk") == 1)
        #expect(try regexp("^ör", "Björk") == 0)
        #expect(try regexp("Björk$", "Homogenic by Björk") == 1)
        // `.` is one character, not one byte: "ö" is two bytes of UTF-8.
        #expect(try regexp("^bj.rk$", "Björk") == 1)
        #expect(try regexp("^東.$", "東京") == 1)
    }

    @Test func queryTermsMatchThroughRE2() throws {
        let fixture = try QueryFixture.standard()
        #expect(try fixture.ids(["artist::ÖRK$"]) == [2])
        #expect(try fixture.ids(["title::^j.ga$"]) == [2])
        #expect(try fixture.ids(["title::\\bwhat"]) == [3])
    }

    @Test("patterns RE2 refuses are usage errors naming the term and RE2's reason", arguments: [
        ("title::(?=x)", "invalid perl operator"),
        ("title::(a)\\1", "invalid escape sequence"),
        ("title::\\pL{1000}", "pattern too large"),
        ("title::(", "missing )"),
    ])
    func refusedAtParseTime(term: String, reason: String) throws {
        let error = try #require(throws: QueryError.self) { try LibraryQuery.parse(term) }
        #expect(error.term == term)
        #expect(error.message.contains("\"\(term)\""))
        #expect(error.message.contains("RE2: \(reason)"), "\(error.message)")
    }

    @Test func theSQLFunctionRefusesWithRE2sReason() throws {
        let error = try #require(throws: DatabaseError.self) { try regexp("(?<=a)b", "ab") }
        #expect(error.message.contains("invalid regular expression \"(?<=a)b\": invalid perl operator"))
    }

    /// `(.*.*)*x$` backtracks exponentially in ICU (a minute for 200 titles); RE2 answers
    /// in one pass over each title.
    @Test func anEvilPatternOverManyRowsAnswers() async throws {
        let rows = (1...3_000).map { index in
            let title = String(repeating: "a", count: 28) + (index.isMultiple(of: 500) ? "x" : "b")
            return QueryFixture.Row(id: Int64(index), title: title, path: "/m/\(index).mp3")
        }
        let fixture = try QueryFixture(rows)
        let ids = try await Wait.bounded("the evil pattern over 3,000 titles") { try fixture.ids(["title::(.*.*)*x$"]) }
        #expect(ids == [500, 1000, 1500, 2000, 2500, 3000])
    }
}
