import Foundation
@testable import LibraryServer
import Testing

@Suite("Web view models: parameters read as a form sends them, the doctor's long lists cut short")
struct WebQueryTests {
    @Test func plusIsASpaceAndAnEncodedPlusIsAPlus() {
        let parameters = ViewModelRoutes.formParameters("query=genre%3Ajazz+year%3A1959&sort=name&query=second&flag&text=a%2Bb")
        #expect(parameters["query"] == "genre:jazz year:1959", "+ is a space, the first of a repeated name wins")
        #expect(parameters["sort"] == "name")
        #expect(parameters["flag"] == "")
        #expect(parameters["text"] == "a+b")
        #expect(ViewModelRoutes.formParameters(nil).isEmpty)
        #expect(ViewModelRoutes.formParameters("bad=%ZZ")["bad"] == "%ZZ", "a broken escape is kept as it came")
    }

    @Test func aHugeDuplicateGroupNamesAFewCopies() {
        let paths = (1...10_000).map { "/music/copy \($0).flac" }
        #expect(DoctorFindings.listed(paths) == "/music/copy 1.flac, /music/copy 2.flac, /music/copy 3.flac, …")
        #expect(DoctorFindings.listed(["a", "b"]) == "a, b")
        #expect(DoctorFindings.listed((1...30).map(String.init), limit: 20).hasSuffix("19, 20, …"))
    }
}
