import Foundation
import LibraryCore
import LibraryStorage
import TestKit
import Testing

@Suite("Query parsing")
struct QueryParserTests {
    /// Parses the pieces as one text holding several terms (the syntax of `--query`).
    private func parse(_ arguments: String..., cwd: String = "/home/u") throws -> LibraryQuery {
        try LibraryQuery.parse(arguments.joined(separator: " "), currentDirectory: cwd)
    }

    private func parseError(_ arguments: String...) -> QueryError? {
        do {
            _ = try LibraryQuery.parse(arguments.joined(separator: " "))
            return nil
        } catch {
            return error
        }
    }

    @Test("every syntax form reads back to its canonical text", arguments: [
        ("miles davis", "miles davis"),
        ("title:blue", "title:blue"),
        ("TITLE:Blue", "title:Blue"),
        ("artist:=Björk", "artist:=Björk"),
        ("title::^so\\s", "title::^so\\s"),
        ("year:1990..1999", "year:1990..1999"),
        ("year:..1980", "year:..1980"),
        ("bpm:120..", "bpm:120.."),
        ("bpm:120.5", "bpm:120.5"),
        ("year:1997", "year:1997"),
        ("year:=1997", "year:1997"),
        ("length:3:00..5:00", "length:3:00..5:00"),
        ("length:200", "length:3:20"),
        ("length:1:02:03", "length:62:03"),
        ("added:2024-01..2024-06", "added:2024-01..2024-06"),
        ("added:2024-1-5", "added:2024-01-05"),
        ("added:-7d..", "added:-7d.."),
        ("added:-7d", "added:-7d.."),
        ("mtime:..-2w", "mtime:..-2w"),
        ("date:1990..1999", "date:1990..1999"),
        ("^genre:jazz", "^genre:jazz"),
        ("-genre:jazz", "^genre:jazz"),
        ("^blue", "^blue"),
        ("genre:jazz , genre:blues", "genre:jazz , genre:blues"),
        ("genre:jazz,genre:blues year:1959", "genre:jazz , genre:blues year:1959"),
        ("album:\"Kind of Blue\"", "album:\"Kind of Blue\""),
        ("\"album:Kind of Blue\"", "\"album:Kind of Blue\""),
        ("path:/m/a/", "path:/m/a"),
        ("path:music/../jazz/./x", "path:/home/u/jazz/x"),
        ("compilation:yes", "compilation:true"),
        ("compilation:0", "compilation:false"),
        ("missing:TRUE", "missing:true"),
        ("cover:false", "cover:false"),
        ("library:Main", "library:Main"),
        ("mb_trackid:=abc-123", "mb_trackid:=abc-123"),
        ("id:42", "id:42"),
        ("title:", "title:\"\""),
        ("album:=", "album:=\"\""),
        ("12:00", "\"12:00\""),
        ("\"Re: Stacks\"", "\"Re: Stacks\""),
        ("title:\"a \\\"b\\\" c\"", "title:\"a \\\"b\\\" c\""),
        ("title:12\"", "title:\"12\\\"\""),
        ("title:\"=x\"", "title:\"=x\""),
        ("title::\"a{1,3}\"", "title::\"a{1,3}\""),
        ("title::a{1,3}", "title::\"a{1,3}\""),
        ("\"-x\"", "\"-x\""),
    ])
    func canonicalText(input: String, canonical: String) throws {
        let query = try parse(input)
        #expect(query.description == canonical)
        #expect(try LibraryQuery.parse(query.description) == query)
    }

    @Test func argumentsAreTokenizedOneByOne() throws {
        #expect(try parse("album:Kind", "of", "Blue") == parse("album:Kind of Blue"))
        #expect(try parse("genre:jazz", ",", "genre:blues") == parse("genre:jazz , genre:blues"))
        #expect(try parse("title:a b") != parse("title:\"a b\""))
    }

    @Test func equivalentSpellingsAreEqual() throws {
        #expect(try parse("^title:x") == parse("-title:x"))
        #expect(try parse("year:1997..1997") == parse("year:1997"))
        #expect(try parse("compilation:1") == parse("compilation:yes"))
        #expect(try parse("path:/m/a") == parse("path:a", cwd: "/m"))
        #expect(try parse("path:a") != parse("path:a", cwd: "/n"))
        #expect(try parse("title:x") != parse("title:=x"))
    }

    @Test func emptyQueryIsAll() throws {
        #expect(try parse() == LibraryQuery.all)
        #expect(try LibraryQuery.parse(arguments: []).isEmpty)
        #expect(LibraryQuery.all.description == "")
        #expect(LibraryQuery.all.condition().text == "1")
        #expect(try !parse("x").isEmpty)
    }

    @Test func includesMissing() throws {
        #expect(try parse("missing:true").includesMissing)
        #expect(try parse("x , ^missing:false").includesMissing)
        #expect(try !parse("title:missing").includesMissing)
    }

    @Test func fieldsAreListed() {
        #expect(LibraryQuery.fields.contains("albumartist"))
        #expect(LibraryQuery.fields.contains("mb_releasegroupid"))
        #expect(LibraryQuery.fields == LibraryQuery.fields.sorted())
        #expect(LibraryQuery.fields.count == 38)
    }

    @Test func unknownFieldListsValidFields() throws {
        let error = try #require(parseError("colour:red"))
        #expect(error.term == "colour:red")
        #expect(error.message.hasPrefix("unknown field \"colour\" in \"colour:red\": valid fields are added, album, albumartist, "))
        #expect(error.message.contains("year"))
        #expect(error.errorDescription == error.message)
    }

    @Test("malformed terms name the term", arguments: [
        "year:abc", "year:", "year:1999..1990", "year:..", "year:1..2..3", "year:19x0..", "bpm:1.2.3",
        "length:3:75", "length:x", "length:5:00..3:00",
        "added:2024-13", "added:2024-02-30", "added:24-01", "added:-7x", "added:7d", "added:2024-06..2024-01", "added:",
        "date:199", "title::(", "title::", "added::2024", "length::3", "compilation:maybe", "missing:",
        "path:", "library:", "^", "-",
    ])
    func malformedTerm(term: String) throws {
        let error = try #require(parseError("blue", term))
        #expect(error.term == term)
        #expect(error.message.contains("\"\(term)\""))
    }

    @Test("dangling commas", arguments: [[","], ["a", ","], [",", "a"], ["a", ",", ",", "b"], ["a,"], ["a,,b"]])
    func danglingComma(arguments: [String]) throws {
        #expect(throws: QueryError.self) { try LibraryQuery.parse(arguments.joined(separator: " ")) }
        do {
            _ = try LibraryQuery.parse(arguments.joined(separator: " "))
        } catch {
            #expect(error.message.contains("dangling \",\""))
            #expect(error.message.contains(arguments.joined(separator: " ")))
        }
    }

    @Test func leapDayIsADate() throws {
        #expect(try parse("added:2024-02-29").description == "added:2024-02-29")
        #expect(parseError("added:2023-02-29") != nil)
    }
}

@Suite("Query round trips")
struct QueryRoundTripTests {
    static let pieces = [
        "a", "B", "ö", "1", "9", " ", "  ", ",", "\"", "\\", ":", "::", "=", "^", "-", ".", "..", "%", "_", "'", ";",
        "title:", "artist:", "year:", "length:", "added:", "path:", "missing:", "library:", "date:", "12", "3:00",
        "2024-01", "-7d", "true", "é", "\t", "/",
    ]

    @Test func randomQueriesRoundTripAndRun() throws {
        var generator = SplitMix(seed: 42)
        let fixture = try QueryFixture.standard()
        var parsed = 0
        for _ in 0..<5000 {
            let count = Int.random(in: 1...8, using: &generator)
            let text = (0..<count).map { _ in QueryRoundTripTests.pieces.randomElement(using: &generator)! }.joined()
            guard let query = try? LibraryQuery.parse(arguments: [text], currentDirectory: "/cwd") else { continue }
            parsed += 1
            let again = try? LibraryQuery.parse(query.description)
            #expect(again == query, "\(text) -> \(query.description)")
            #expect(again?.description == query.description)
            // Every query that parses compiles to SQL that runs.
            #expect(throws: Never.self) { try fixture.ids(query) }
        }
        #expect(parsed > 1000)
    }
}
