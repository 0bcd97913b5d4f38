import Foundation
import HummingbirdTesting
import LibraryServer
import Testing

@Suite("Subsonic play queue")
struct PlayQueueEndpointsTests {
    static let alice = ServerHarness.alice
    static let bob = ServerHarness.bob

    @Test func saveAndGetPerUser() async throws {
        let harness = try await UserServerHarness()
        let one = try await harness.song("One"), two = try await harness.song("Two")
        try await harness.test { client in
            // Never saved: an empty queue (the schema requires one), changed at 1970.
            let none = try await client.json("getPlayQueue")
            #expect(none.status == "ok")
            #expect(none.list("entry", in: "playQueue")?.isEmpty == true)
            #expect(none["playQueue"]?["changed"] as? String == "1970-01-01T00:00:00.000Z")
            #expect(none["playQueue"]?["current"] == nil)

            let saved = try await client.json("savePlayQueue", Self.alice + "&id=\(two)&id=\(one)&id=\(two)&current=\(one)&position=42000&c=Feishin")
            #expect(saved.status == "ok")
            let queue = try await client.json("getPlayQueue")
            #expect(queue["playQueue"]?["current"] as? String == one)
            #expect(queue["playQueue"]?["position"] as? Int == 42000)
            #expect(queue["playQueue"]?["username"] as? String == "alice")
            #expect(queue["playQueue"]?["changedBy"] as? String == "Feishin")
            #expect(queue["playQueue"]?["changed"] as? String != nil)
            #expect(queue.list("entry", in: "playQueue")?.compactMap { $0["id"] as? String } == [two, one, two])
            #expect(queue.list("entry", in: "playQueue")?.first?["title"] as? String == "Two")

            let xml = try await client.xml("getPlayQueue")
            #expect(xml.contains(#"<playQueue current="\#(one)" position="42000" username="alice""#))
            #expect(xml.contains(#"<entry id="\#(two)""#))

            #expect(try await client.json("getPlayQueue", Self.bob).list("entry", in: "playQueue")?.isEmpty == true, "each user has their own queue")

            // Errors change nothing.
            #expect(try await client.json("savePlayQueue", Self.alice + "&id=\(one)&current=\(two)").errorCode == 10)
            #expect(try await client.json("savePlayQueue", Self.alice + "&id=\(one)&id=tr-99999").errorCode == 70)
            #expect(try await client.json("savePlayQueue", Self.alice + "&id=\(one)&position=-5").errorCode == 10)
            #expect(try await client.json("savePlayQueue", Self.alice + "&id=al-1").errorCode == 70)
            #expect(try await client.xml("savePlayQueue", Self.alice + "&id=\(one)&position=x").contains(#"<error code="10""#))
            #expect(try await client.json("getPlayQueue").list("entry", in: "playQueue")?.count == 3)

            // No ids clears the queue.
            #expect(try await client.postJSON("savePlayQueue", Self.alice).status == "ok")
            #expect(try await client.json("getPlayQueue").list("entry", in: "playQueue")?.isEmpty == true)
        }
    }
}
