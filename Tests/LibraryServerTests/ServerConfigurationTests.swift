import LibraryServer
import Testing

@Suite("Server configuration")
struct ServerConfigurationTests {
    @Test func bindsToLoopbackByDefault() {
        let configuration = ServerConfiguration()
        #expect(configuration.host == "127.0.0.1")
        #expect(configuration.port == 4544)
        #expect(configuration.watch)
    }
}
