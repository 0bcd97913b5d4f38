import Foundation
import Hummingbird
import HummingbirdTesting
@testable import LibraryServer
import LibraryServices
import TestKit
import TestSupport
import Testing

@Suite("System endpoints")
struct SystemEndpointsTests {
    @Test func pingAndLicenseInJSONAndXML() async throws {
        try await ServerHarness().test { client in
            let ping = try await client.json("ping")
            #expect(ping.status == "ok")
            #expect(ping.response["version"] as? String == "1.16.1")
            #expect(ping.response["type"] as? String == "kanora")
            #expect(ping.response["serverVersion"] as? String == "9.9.9")
            #expect(ping.response["openSubsonic"] as? Bool == true)
            #expect(try await client.json("getLicense")["license"]?["valid"] as? Bool == true)
            #expect(try await client.xml("getLicense").contains(#"<license valid="true"/>"#))
        }
    }

    @Test func extensionsListWhatIsImplemented() async throws {
        try await ServerHarness().test { client in
            let answer = try await client.json("getOpenSubsonicExtensions", "")
            let list = answer.response["openSubsonicExtensions"] as? [[String: Any]]
            #expect(list?.compactMap { $0["name"] as? String } == ["apiKeyAuthentication", "formPost", "songLyrics"])
            #expect(list?.first?["versions"] as? [Int] == [1])
            let xml = try await client.xml("getOpenSubsonicExtensions", "")
            #expect(xml.contains(#"<openSubsonicExtensions name="formPost"><versions>1</versions></openSubsonicExtensions>"#))
            #expect(!xml.contains("transcodeOffset"))
        }
    }

    @Test func getUserShowsOwnAccountAndOnlyAdminsSeeOthers() async throws {
        try await ServerHarness().test { client in
            let own = try await client.json("getUser", ServerHarness.bob + "&username=bob")
            #expect(own["user"]?["username"] as? String == "bob")
            #expect(own["user"]?["adminRole"] as? Bool == false)
            #expect(own["user"]?["streamRole"] as? Bool == true)
            #expect(own["user"]?["folder"] as? [Int] == [])
            #expect(try await client.json("getUser", ServerHarness.bob + "&username=alice").errorCode == 50)
            let other = try await client.json("getUser", ServerHarness.alice + "&username=bob")
            #expect(other["user"]?["username"] as? String == "bob")
            #expect(try await client.json("getUser", ServerHarness.alice + "&username=nobody").errorCode == 70)
            #expect(try await client.json("getUser").errorCode == 10)
            #expect(try await client.xml("getUser", ServerHarness.bob + "&username=bob").contains(#"<user username="bob" scrobblingEnabled="true" adminRole="false""#))
        }
    }

    @Test func musicFoldersAreTheLibrariesAndEmptyIsAnEmptyList() async throws {
        let library = try TemporaryDirectory()
        defer { library.remove() }
        try library.copy(Fixtures.url("tagged.flac"), to: "one.flac")
        let harness = try ServerHarness()
        try await harness.test { client in
            let empty = try await client.json("getMusicFolders")
            #expect(empty["musicFolders"]?["musicFolder"] as? [Any] != nil)
            #expect((empty["musicFolders"]?["musicFolder"] as? [Any])?.isEmpty == true)
        }
        _ = try await harness.services.scanner.run(library.path(""), name: "Samples")
        try await harness.test { client in
            let answer = try await client.json("getMusicFolders")
            let folders = answer["musicFolders"]?["musicFolder"] as? [[String: Any]]
            #expect(folders?.count == 1)
            #expect(folders?.first?["name"] as? String == "Samples")
            #expect(folders?.first?["id"] as? Int == 1)
            #expect(try await client.xml("getMusicFolders").contains(#"<musicFolders><musicFolder id="1" name="Samples"/></musicFolders>"#))
            #expect(try await client.json("getUser", ServerHarness.bob + "&username=bob")["user"]?["folder"] as? [Int] == [1])
        }
    }

    @Test func startScanSyncsEveryLibraryInTheBackground() async throws {
        let library = try TemporaryDirectory()
        defer { library.remove() }
        try library.copy(Fixtures.url("tagged.flac"), to: "a/one.flac")
        let harness = try ServerHarness()
        _ = try await harness.services.scanner.run(library.path(""), name: "Temp")
        try library.copy(Fixtures.url("tagged.flac"), to: "b/two.flac")
        try await harness.test { client in
            let idle = try await client.json("getScanStatus")
            #expect(idle["scanStatus"]?["scanning"] as? Bool == false)
            let started = try await client.json("startScan")
            #expect(started["scanStatus"] != nil)
            try await Wait.until("the scan started by startScan to finish") {
                let status = try await client.json("getScanStatus")
                return status["scanStatus"]?["scanning"] as? Bool == false
            }
            #expect(try await client.xml("getScanStatus").contains(#"<scanStatus scanning="false" count="2"/>"#))
        }
        let tracks = try await harness.services.library.tracks(ListRequest())
        #expect(tracks.count == 2)
    }
}
