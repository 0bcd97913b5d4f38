import Foundation
import LibraryCore
import LibraryStorage
import Testing

@Suite("Query SQL")
struct QuerySQLTests {
    let fixture: QueryFixture

    init() throws {
        fixture = try QueryFixture.standard()
    }

    private func ids(_ arguments: String...) throws -> [Int64] {
        try fixture.ids(arguments)
    }

    @Test func bareWordsMatchTitleArtistAlbumArtistAndAlbum() throws {
        #expect(try ids("blue") == [1, 3])
        #expect(try ids("miles", "green") == [1])
        #expect(try ids("evans") == [1])
        #expect(try ids("homogenic") == [2])
        #expect(try ids("jazz") == [])
        #expect(try ids("BLUE in") == [1, 3])
    }

    @Test func accentsAndCaseFold() throws {
        #expect(try ids("bjork") == [2])
        #expect(try ids("BJÖRK") == [2])
        #expect(try ids("joga") == [2])
        #expect(try ids("artist:sigur ros") == [4])
        #expect(try ids("aero") == [4])
        #expect(try ids("title:smorrebrod") == [4])
        #expect(try ids("strasse") == [5])
        #expect(try ids("artist:lukasz") == [5])
        // NFD input folds like NFC.
        #expect(try ids("artist:Bjo\u{0308}rk") == [2])
    }

    @Test func fieldSubstrings() throws {
        #expect(try ids("album:kind") == [1, 3])
        #expect(try ids("genre:modal") == [1])
        #expect(try ids("albumartist:davis") == [1, 3])
        #expect(try ids("composer:bjork") == [2])
        #expect(try ids("format:fla") == [1, 3])
        #expect(try ids("mb_trackid:BLUE") == [1])
        #expect(try ids("title:") == [1, 2, 3, 4, 5, 6])
    }

    @Test func exactMatchesAreCaseSensitiveAndHitAnyElement() throws {
        #expect(try ids("artist:=Bill Evans") == [])
        #expect(try ids("artist:=\"Bill Evans\"") == [1])
        #expect(try ids("artist:=\"bill evans\"") == [])
        #expect(try ids("genre:=Jazz") == [1, 3])
        #expect(try ids("genre:=Modal") == [1])
        #expect(try ids("genre:=jazz") == [])
        #expect(try ids("album:=\"Kind of Blue\"") == [1, 3])
        #expect(try ids("title:=Blue") == [])
    }

    @Test func emptyAndNullFields() throws {
        #expect(try ids("album:=") == [4])
        #expect(try ids("^album:=") == [1, 2, 3, 5, 6])
        #expect(try ids("genre:=") == [4])
        #expect(try ids("album:x") == [])
        #expect(try ids("^album:kind") == [2, 4, 5, 6])
        #expect(try ids("^year:1959") == [2, 4, 5, 6])
        #expect(try ids("^composer:=Björk") == [1, 3, 4, 5, 6])
        #expect(try ids("^mb_trackid:blue") == [2, 3, 4, 5, 6])
    }

    @Test func regularExpressions() throws {
        #expect(try ids("title::^so\\s") == [3])
        #expect(try ids("title::^SO") == [3])
        #expect(try ids("artist::^bill") == [1])
        #expect(try ids("genre::^(jazz|rock)$") == [1, 3, 6])
        #expect(try ids("year::^19[59]9$") == [1, 3, 5])
        #expect(try ids("path::\\.flac$") == [1, 3])
        #expect(try ids("^title::o") == [1, 2, 4, 5])
        #expect(try ids("title::\"a{1,3}\"", ",", "year:1997") == [2, 3, 5, 6])
    }

    @Test func numericRanges() throws {
        #expect(try ids("year:1990..1999") == [2, 5, 6])
        #expect(try ids("year:..1980") == [1, 3])
        #expect(try ids("year:1997") == [2])
        #expect(try ids("bpm:120..") == [2, 5])
        #expect(try ids("bpm:120.5") == [2])
        #expect(try ids("bpm:..100") == [1])
        #expect(try ids("track:2..3") == [1, 2])
        #expect(try ids("size:1000000..") == [5])
        #expect(try ids("id:4") == [4])
    }

    @Test func durations() throws {
        #expect(try ids("length:3:00..5:00") == [4, 5])
        #expect(try ids("length:3:00") == [4])
        #expect(try ids("length:..60") == [6])
        #expect(try ids("length:5:05") == [2])
        #expect(try ids("length:9:00..") == [3])
    }

    @Test func absoluteDates() throws {
        #expect(try ids("added:2024-01..2024-06") == [1, 2, 3, 6])
        #expect(try ids("added:2024-06-30") == [2])
        #expect(try ids("added:2024") == [1, 2, 3, 6])
        #expect(try ids("added:..2023") == [4, 5])
        #expect(try ids("added:2023-12-31") == [5])
        #expect(try ids("mtime:2024-06") == [2, 3])
        #expect(try ids("updated:2020") == [4])
        #expect(try ids("date:1959") == [1, 3])
        #expect(try ids("date:1959-08") == [1])
        #expect(try ids("date:1990..1999") == [2])
        #expect(try ids("date:=1959") == [3])
    }

    @Test func relativeDatesCountBackFromNow() throws {
        #expect(try ids("added:-7d..") == [2, 3])
        #expect(try ids("added:-2d..") == [2])
        #expect(try ids("added:-1w") == [2, 3])
        #expect(try ids("added:-1m..") == [2, 3])
        #expect(try ids("added:..-1y") == [4])
        #expect(try ids("added:-10y..-1y") == [4])
        #expect(try ids("date:-100y..") == [1, 2, 3])
    }

    @Test func onlyADateTermAsksForTheCalendar() throws {
        var asked = 0
        func calendar() -> Calendar {
            asked += 1
            return QueryFixture.calendar
        }
        let withoutDates = try LibraryQuery.parse(arguments: ["blue", "year:1990..1999", "length:..9:00", "^genre:=Modal"])
        _ = withoutDates.condition(now: QueryFixture.now, calendar: calendar())
        #expect(asked == 0)
        let withDates = try LibraryQuery.parse(arguments: ["added:-7d..", "date:1959"])
        _ = withDates.condition(now: QueryFixture.now, calendar: calendar())
        #expect(asked >= 1)
    }

    @Test func pathPrefixes() throws {
        #expect(try ids("path:/m/a") == [1, 3, 6])
        #expect(try ids("path:/m/a/") == [1, 3, 6])
        #expect(try ids("path:/m/ab") == [2])
        #expect(try ids("path:/m/a/Kind of Blue") == [])
        #expect(try ids("path:\"/m/a/Kind of Blue\"") == [1, 3])
        #expect(try ids("path:\"/m/a/Kind of Blue/01 So What.flac\"") == [3])
        #expect(try ids("path:/M/A") == [])
        #expect(try ids("path:a") == [1, 3, 6])
        #expect(try fixture.ids(["path:../x"], currentDirectory: "/m") == [5])
        #expect(try ids("path:/") == [1, 2, 3, 4, 5, 6])
        #expect(try ids("^path:/m/a") == [2, 4, 5])
        #expect(try ids("path:=/x/a/b/c.mp3") == [5])
    }

    @Test func flagsAndLibraries() throws {
        #expect(try ids("compilation:true") == [4])
        #expect(try ids("compilation:no") == [1, 2, 3, 5, 6])
        #expect(try ids("missing:true") == [3])
        #expect(try ids("missing:false") == [1, 2, 4, 5, 6])
        #expect(try ids("cover:false") == [2, 3, 4, 5, 6])
        #expect(try ids("cover:1") == [1])
        #expect(try ids("library:archive") == [])
        #expect(try ids("library:ÄRCHIVE") == [5])
        #expect(try ids("library:\"main music\"") == [1, 2, 3, 4, 6])
        #expect(try ids("library:=\"Main Music\"") == [1, 2, 3, 4, 6])
        #expect(try ids("library::^ä") == [5])
    }

    @Test func negation() throws {
        #expect(try ids("^blue") == [2, 4, 5, 6])
        #expect(try ids("-blue") == [2, 4, 5, 6])
        #expect(try ids("miles", "^title:so") == [1])
        #expect(try ids("^genre:jazz") == [2, 4, 5, 6])
        #expect(try ids("^year:1990..") == [1, 3, 4])
    }

    @Test func orBindsLooserThanAnd() throws {
        #expect(try ids("genre:jazz", ",", "genre:blues") == [1, 3, 5])
        #expect(try ids("genre:jazz,genre:blues") == [1, 3, 5])
        #expect(try ids("genre:jazz year:1959 , genre:blues year:1999") == [1, 3, 5])
        #expect(try ids("title:so genre:jazz , year:1997") == [2, 3])
        #expect(try ids("title:so", "genre:jazz,year:1997") == [2, 3])
        #expect(try ids("year:1997 , title:so genre:jazz") == [2, 3])
        #expect(try ids("^genre:jazz , title:so") == [2, 3, 4, 5, 6])
    }

    @Test func punctuationInValuesIsLiteral() throws {
        #expect(try ids("title:50%") == [6])
        #expect(try ids("title:%") == [6])
        #expect(try ids("title:_") == [6])
        #expect(try ids("title:off_sale") == [6])
        #expect(try ids("title:it's") == [6])
        #expect(try ids("album:\"a; b\"") == [6])
        #expect(try ids("album:=\"A; B\"") == [6])
        #expect(try ids("artist:\"\\\"band\\\"\"") == [6])
        #expect(try ids("artist:=\"The \\\"Band\\\"\"") == [6])
        #expect(try ids("comment:\"say \\\"hi\\\"; 100%\"") == [6])
        #expect(try ids("title:'); DROP TABLE track; --") == [])
        #expect(try ids("title:x") == [])
    }

    @Test func userTextNeverReachesSQLText() throws {
        let query = try LibraryQuery.parse(arguments: ["title:'); DROP", "artist:=zz%", "path:/q'q", "added:-7d..", "library:QQQ"], currentDirectory: "/")
        let condition = query.condition(now: QueryFixture.now, calendar: QueryFixture.calendar)
        for fragment in ["DROP", "drop", "zz", "q'q", "qqq", "QQQ"] {
            #expect(!condition.text.contains(fragment))
        }
        #expect(condition.arguments.count == condition.text.filter { $0 == "?" }.count)
    }

    @Test func roundTrippedQueriesSelectTheSameRows() throws {
        for text in ["genre:jazz year:1959 , ^blue", "path:\"/m/a/Kind of Blue\"", "added:-7d..", "title:\"a; b\" , artist:=\"The \\\"Band\\\"\""] {
            let query = try LibraryQuery.parse(arguments: [text], currentDirectory: "/")
            #expect(try fixture.ids(LibraryQuery.parse(query.description)) == fixture.ids(query))
        }
    }
}
