import Foundation
@testable import LibraryServer
import Testing

@Suite("Subsonic rendering")
struct SubsonicRenderingTests {
    private func envelope(_ payload: SubsonicNode?) -> SubsonicNode {
        SubsonicEnvelope.ok(payload).node(serverVersion: "1.2.3")
    }

    @Test func jsonKeepsTypesAndAlwaysWritesListsAsArrays() throws {
        var folders = SubsonicNode("musicFolders")
        folders.appendList("musicFolder", [SubsonicNode("x", ["id": 1, "name": "Music"])])
        var root = folders
        root.name = "wrapper"
        var payload = SubsonicNode("payload", ["ratio": 0.5, "missing": nil as String?])
        payload.append(folders)
        payload.appendList("empty", [])
        payload.appendValues("versions", [1, 2])
        let json = SubsonicRenderer.render(envelope(payload), as: .json)
        #expect(json == #"{"subsonic-response":{"status":"ok","version":"1.16.1","type":"kanora","serverVersion":"1.2.3","openSubsonic":true,"payload":{"ratio":0.5,"musicFolders":{"musicFolder":[{"id":1,"name":"Music"}]},"empty":[],"versions":[1,2]}}}"#)
        #expect(try JSONSerialization.jsonObject(with: Data(json.utf8)) is [String: Any])
    }

    @Test func xmlWritesAttributesElementsAndTheNamespace() {
        var payload = SubsonicNode("musicFolders")
        payload.appendList("musicFolder", [SubsonicNode("x", ["id": 1, "name": "A & B"]), SubsonicNode("x", ["id": 2, "name": "C"])])
        payload.appendValues("versions", [1])
        let xml = SubsonicRenderer.render(envelope(payload), as: .xml)
        #expect(xml == """
            <?xml version="1.0" encoding="UTF-8"?>
            <subsonic-response xmlns="http://subsonic.org/restapi" status="ok" version="1.16.1" type="kanora" serverVersion="1.2.3" openSubsonic="true"><musicFolders><musicFolder id="1" name="A &amp; B"/><musicFolder id="2" name="C"/><versions>1</versions></musicFolders></subsonic-response>
            """)
    }

    @Test func escapesMarkupQuotesAndControlCharacters() throws {
        var node = SubsonicNode("lyrics", ["title": "<\"It's\">\u{1}\n"])
        node.text = "a < b\u{0}\nc"
        let xml = SubsonicRenderer.render(envelope(node), as: .xml)
        #expect(xml.contains(#"<lyrics title="&lt;&quot;It&apos;s&quot;&gt;&#10;">a &lt; b"#))
        #expect(xml.contains("\nc</lyrics>"))
        let json = SubsonicRenderer.render(envelope(node), as: .json)
        #expect(json.contains(#""lyrics":{"title":"<\"It's\">\u0001\n","value":"a < b\u0000\nc"}"#))
        let decoded = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        let lyrics = (decoded?["subsonic-response"] as? [String: Any])?["lyrics"] as? [String: Any]
        #expect(lyrics?["value"] as? String == "a < b\u{0}\nc")
    }

    @Test func jsonpWrapsTheJSONInTheCallback() {
        let text = SubsonicRenderer.render(envelope(nil), as: .jsonp(callback: "jQuery.cb_1"))
        #expect(text.hasPrefix("jQuery.cb_1({\"subsonic-response\":{\"status\":\"ok\""))
        #expect(text.hasSuffix("}});"))
    }

    @Test func callbackNamesCannotInjectScript() {
        for good in ["cb", "jQuery.cb_1", "$x", "_a.b.c"] { #expect(SubsonicFormat.isValidCallback(good), "\(good)") }
        for bad in ["", "1cb", "a.", ".a", "a..b", "alert(1)", "cb;x", "a b", String(repeating: "a", count: 129)] {
            #expect(!SubsonicFormat.isValidCallback(bad), "\(bad)")
        }
    }

    @Test func errorsCarryCodeAndMessage() {
        let root = SubsonicEnvelope.failed(.missingParameter("id")).node(serverVersion: "1")
        let json = SubsonicRenderer.render(root, as: .json)
        #expect(json.contains(#""status":"failed""#))
        #expect(json.contains(#""error":{"code":10,"message":"Required parameter 'id' is missing"}"#))
    }

    @Test func datesAreISO8601InUTC() {
        let node = SubsonicNode("x", ["created": Date(timeIntervalSince1970: 1_700_000_000.25)])
        #expect(node["created"]?.text == "2023-11-14T22:13:20.250Z")
    }
}
