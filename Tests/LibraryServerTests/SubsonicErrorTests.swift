@testable import LibraryServer
import LibraryServices
import Testing

@Suite("Subsonic error codes")
struct SubsonicErrorTests {
    @Test("service errors become the Subsonic code a client acts on, keeping the message", arguments: [
        (LibraryError.Code.notFound, 70), (.invalidInput, 10), (.forbidden, 50), (.database, 0),
    ])
    func serviceErrorsMapToSubsonicCodes(_ code: LibraryError.Code, _ subsonic: Int) {
        let error = SubsonicError.wrap(LibraryError(code, "what went wrong"))
        #expect(error.code == subsonic)
        #expect(error.message == "what went wrong")
    }
}
