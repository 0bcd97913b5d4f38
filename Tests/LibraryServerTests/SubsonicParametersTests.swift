@testable import LibraryServer
import Testing

@Suite("Subsonic parameters")
struct SubsonicParametersTests {
    @Test func keepsRepeatedKeysInOrder() throws {
        let parameters = SubsonicParameters(encoded: "id=tr-1&u=alice&id=tr-2&id=tr-3")
        #expect(parameters.strings("id") == ["tr-1", "tr-2", "tr-3"])
        #expect(parameters.string("id") == "tr-1")
        #expect(try parameters.ids("id") == [.track(1), .track(2), .track(3)])
    }

    @Test func decodesPlusAndPercentEscapes() {
        let parameters = SubsonicParameters(encoded: "query=Sigur+R%C3%B3s&p=a%2Bb%26c%3Dd&empty=&flag")
        #expect(parameters.string("query") == "Sigur Rós")
        #expect(parameters.string("p") == "a+b&c=d")
        #expect(parameters.string("empty") == "")
        #expect(parameters.string("flag") == "")
    }

    @Test func keepsMalformedEscapesAndInvalidUTF8WithoutFailing() {
        let parameters = SubsonicParameters(encoded: "a=%zz%&b=%FF%FE&c=100%")
        #expect(parameters.string("a") == "%zz%")
        #expect(parameters.string("b") == "\u{FFFD}\u{FFFD}")
        #expect(parameters.string("c") == "100%")
    }

    @Test func mergesAFormBodyAfterTheQuery() {
        var parameters = SubsonicParameters(encoded: "u=alice&id=1")
        parameters.append(encoded: "id=2&f=json")
        #expect(parameters.strings("id") == ["1", "2"])
        #expect(parameters.string("f") == "json")
    }

    @Test func typedAccessorsNameTheBadParameter() throws {
        let parameters = SubsonicParameters(encoded: "size=ten&count=5&big=99999&neg=-3&yes=true&no=0&maybe=perhaps")
        #expect(throws: SubsonicError(code: 10, "Parameter 'size' must be an integer, not 'ten'")) {
            try parameters.int("size")
        }
        #expect(try parameters.int("count") == 5)
        #expect(try parameters.int("absent") == nil)
        #expect(try parameters.int("big", default: 10, in: 0...500) == 500)
        #expect(throws: SubsonicError(code: 10, "Parameter 'neg' must be at least 0, not -3")) {
            try parameters.int("neg", default: 10, in: 0...500)
        }
        #expect(try parameters.int("absent", default: 10, in: 0...500) == 10)
        #expect(try parameters.bool("yes") == true)
        #expect(try parameters.bool("no") == false)
        #expect(throws: SubsonicError(code: 10, "Parameter 'maybe' must be true or false, not 'perhaps'")) {
            try parameters.bool("maybe")
        }
        #expect(throws: SubsonicError.missingParameter("id")) { try parameters.required("id") }
        #expect(throws: SubsonicError.missingParameter("id")) { try parameters.requiredInt("id") }
    }
}

@Suite("Subsonic ids")
struct SubsonicIDTests {
    @Test func roundTripsEveryKind() throws {
        for kind in SubsonicID.Kind.allCases {
            let id = SubsonicID(kind, 42)
            #expect(try SubsonicID(parsing: id.description) == id)
            #expect(try SubsonicID(parsing: id.description, as: kind) == id)
        }
        #expect(SubsonicID.track(12).description == "tr-12")
        #expect(SubsonicID.album(3).description == "al-3")
        #expect(SubsonicID.artist(7).description == "ar-7")
        #expect(SubsonicID.folder(5).description == "fo-5")
        #expect(SubsonicID.library(2).description == "2")
        #expect(try SubsonicID(parsing: "li-2") == .library(2))
    }

    @Test func malformedIdsAreError10AndOtherKindsError70() {
        for text in ["", "tr", "tr-", "tr-x", "xx-1", "tr-0", "tr--1", "/etc/passwd", "tr-1/../2", "tr-١"] {
            do {
                _ = try SubsonicID(parsing: text)
                Issue.record("accepted '\(text)'")
            } catch {
                #expect(error.code == 10, "\(text)")
            }
        }
        #expect(throws: SubsonicError.notFound("Song al-3 not found")) { try SubsonicID(parsing: "al-3", as: .track) }
    }
}
