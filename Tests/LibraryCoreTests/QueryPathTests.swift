import LibraryCore
import Testing

@Suite("Path normalisation")
struct QueryPathTests {
    @Test func dotsRepeatedAndTrailingSlashesGo() {
        #expect(QueryPath.normalized("/m//a/./b/../c/") == "/m/a/c")
        #expect(QueryPath.normalized("/../..") == "/")
        #expect(QueryPath.normalized("m/a") == "/m/a")
    }

    /// Stored paths are NFC, and Swift's `==` ignores the difference: scalars are compared.
    @Test func decomposedSpellingsBecomeComposed() {
        #expect(Array(QueryPath.normalized("/Bjo\u{308}rk/a").unicodeScalars) == Array("/Bj\u{F6}rk/a".unicodeScalars))
    }
}
