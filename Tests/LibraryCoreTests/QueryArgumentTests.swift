import Foundation
import LibraryCore
import Testing

@Suite("Query parsing: one term per command-line argument")
struct QueryArgumentTests {
    private func arguments(_ arguments: String...) throws(QueryError) -> LibraryQuery {
        try LibraryQuery.parse(arguments: arguments, currentDirectory: "/home/u")
    }

    @Test("an argument is one term, spaces and commas included", arguments: [
        (["album:Crown Highway Stone City"], #"album:"Crown Highway Stone City""#),
        (["path:/music/Rain 509"], #"path:"/music/Rain 509""#),
        (["path:Rain 509"], #"path:"/home/u/Rain 509""#),
        (["bjork jo"], #""bjork jo""#),
        (["^album:Old Album", "year:1990..1999"], #"^album:"Old Album" year:1990..1999"#),
        (["title:a,b"], #"title:"a,b""#),
        (["  title:x  "], "title:x"),
        (["album:=Kind of Blue"], #"album:="Kind of Blue""#),
        (["title::a{1,3} b"], #"title::"a{1,3} b""#),
        ([#"album:"Kind of Blue""#], #"album:"Kind of Blue""#),
        (["a,", "b"], "a , b"),
        (["a", ",", "b c"], #"a , "b c""#),
        ([""], ""),
    ])
    func oneTermPerArgument(input: [String], canonical: String) throws {
        let query = try LibraryQuery.parse(arguments: input, currentDirectory: "/home/u")
        #expect(query.description == canonical)
    }

    @Test("a query from arguments round-trips through its stored text", arguments: [
        ["album:Crown Highway Stone City"], ["path:/music/Rain 509", "^title:a, b"], ["x \"y\" z"],
        ["title:-x", "-bare word", "artist:a\\b"], ["genre:jazz,", "year:..1965 ", "added:-7d.."],
    ])
    func roundTrips(input: [String]) throws {
        let query = try LibraryQuery.parse(arguments: input, currentDirectory: "/")
        #expect(try LibraryQuery.parse(query.description) == query)
    }

    @Test func splittingAnArgumentOnSpacesWouldMeanSomethingElse() throws {
        let one = try arguments("album:Crown Highway Stone City")
        let several = try LibraryQuery.parse("album:Crown Highway Stone City")
        #expect(one != several)
        #expect(several.description == "album:Crown Highway Stone City")
    }

    @Test("a comma that ends nothing is dangling", arguments: [[","], ["a,"], ["a", ","], [",", "a"], ["a,", ","]])
    func danglingComma(input: [String]) {
        #expect(throws: QueryError.self) { try LibraryQuery.parse(arguments: input) }
    }

    @Test func malformedTermsStillNameTheTerm() {
        #expect(throws: QueryError.self) { try arguments("colour:deep red") }
        do {
            _ = try arguments("year:after 1990")
        } catch {
            #expect(error.term == "year:after 1990")
        }
    }
}
