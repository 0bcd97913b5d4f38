import Foundation
@testable import LibraryStorage
import Testing

@Suite("JSON text of multi-valued columns")
struct JSONTextTests {
    @Test(arguments: [
        [], [""], ["", ""], ["Rock"], ["Rock", "Pop"], ["a,b", "c", ""], ["Björk", "東京事変", "😀"],
        ["say \"hi\"", "back\\slash", "line\nbreak"], ["\",\"", "\"]"], ["e\u{301}", "\u{301}x"],
        ["a,b", ",", "\",\""], ["tab\t", "nl\n"], [" , ", "\",", ",\""],
    ] as [[String]])
    func arraysComeBackAsWritten(_ values: [String]) {
        #expect(JSONText.decodeArray(JSONText.encode(values)) == values)
    }

    @Test func idsAreWrittenAsAJSONArrayOfIntegers() {
        for ids: [Int64] in [[], [0], [7], [1, 22, 333], [-1, 10, -250], [Int64.max, Int64.min, 9_007_199_254_740_993]] {
            #expect(JSONText.encode(ids: ids) == "[" + ids.map(String.init).joined(separator: ",") + "]")
        }
    }

    @Test func arraysWithNothingEscapedSplitAtTheirSeparators() {
        #expect(JSONText.decodeArray(#"["a","b c","","d,e"]"#) == ["a", "b c", "", "d,e"])
        #expect(JSONText.decodeArray("[]") == [])
    }

    @Test(arguments: [
        (#"["Rock", "rock"]"#, ["Rock", "rock"]), (#"["a" ,"b"]"#, ["a", "b"]), (#"["a","b" ]"#, ["a", "b"]),
        (#"["x", "", "y"]"#, ["x", "", "y"]), (#"["a","b"]"#, ["a", "b"]), (#"["a","","b"]"#, ["a", "", "b"]),
    ] as [(String, [String])])
    func arraysWithSpacesBetweenTheirStringsAreReadAsJSON(_ text: String, _ values: [String]) {
        #expect(JSONText.decodeArray(text) == values)
        let split = text.utf8.withContiguousStorageIfAvailable { JSONText.decodeArray(utf8: $0) }
        #expect(split == values)
    }

    @Test func anythingButAnArrayOfStringsIsEmpty() {
        for text in ["", "{}", "[1,2]", "\"a\"", "[\"a\"", "null"] {
            #expect(JSONText.decodeArray(text) == [], "\(text)")
        }
    }

    @Test func columnsSplitFromSQLiteBytesAreWhatTheirTextDecodesTo() throws {
        let connection = try Connection(location: .inMemory)
        try connection.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, v)")
        let texts = [JSONText.encode(["say \"hi\"", "東京事変"]), #"["a","b c","","d,e"]"#, "[]", "", "[1,2]", "null"]
        for text in texts { try connection.execute("INSERT INTO t (v) VALUES (\(text))") }
        // NULL, a number, a blob and text that is not valid UTF-8 read as the String path reads them.
        try connection.execute("INSERT INTO t (v) VALUES (NULL), (7), (CAST('[\"x\"]' AS BLOB)), (CAST(X'5B22C3222C2262FF225D' AS TEXT))")
        let statement = try connection.makeStatement("SELECT v FROM t ORDER BY id")
        var read: [[String]] = [], expected: [[String]] = []
        try statement.forEach { row in
            read.append(row.stringArray(0))
            expected.append(JSONText.decodeArray(row.column(0) ?? "[]"))
        }
        #expect(read == expected)
        #expect(read.count == texts.count + 4)
        #expect(read[0] == ["say \"hi\"", "東京事変"])
        #expect(read[1] == ["a", "b c", "", "d,e"])
        #expect(read.last == ["\u{FFFD}", "b\u{FFFD}"])
    }
}
