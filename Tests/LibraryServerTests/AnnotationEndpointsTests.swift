import Foundation
import HummingbirdTesting
import LibraryCore
import LibraryServer
import LibraryServices
import Testing

@Suite("Subsonic stars, ratings and scrobbles")
struct AnnotationEndpointsTests {
    static let alice = ServerHarness.alice
    static let bob = ServerHarness.bob

    @Test func starAndUnstarSongsAlbumsAndArtists() async throws {
        let harness = try await UserServerHarness()
        let one = try await harness.track("One")
        let album = try #require(one.albumID)
        let artist = try #require(try await harness.services.library.artists(ListRequest()).first?.id)
        let aliceID = try await harness.userID("alice")
        try await harness.test { client in
            let starred = try await client.json("star", Self.alice + "&id=tr-\(one.id)&albumId=al-\(album)&artistId=ar-\(artist)")
            #expect(starred.status == "ok")
            let marks = try await harness.services.annotations.annotations(for: [.track(one.id), .album(album), .artist(artist)], user: aliceID)
            #expect(marks.count == 3)
            #expect(marks.values.allSatisfy { $0.starredAt == harness.clock.now().wholeSeconds })
            #expect(try await harness.services.annotations.annotations(for: [.track(one.id)], user: harness.userID("bob")).isEmpty)

            // Repeated ids, an album id given as `id`, and XML.
            let xml = try await client.xml("unstar", Self.alice + "&id=tr-\(one.id)&id=al-\(album)")
            #expect(xml.contains(#"status="ok""#))
            let left = try await harness.services.annotations.annotations(for: [.track(one.id), .album(album), .artist(artist)], user: aliceID)
            #expect(Array(left.keys) == [.artist(artist)])

            // POST form bodies work as GET.
            #expect(try await client.postJSON("star", Self.alice + "&id=tr-\(one.id)").status == "ok")
            #expect(try await harness.services.annotations.annotations(for: [.track(one.id)], user: aliceID)[.track(one.id)]?.starredAt != nil)
        }
    }

    @Test func starErrors() async throws {
        let harness = try await UserServerHarness()
        let one = try await harness.song("One")
        try await harness.test { client in
            let missing = try await client.json("star")
            #expect(missing.status == "failed")
            #expect(missing.errorCode == 10)
            #expect(missing.errorMessage?.contains("'id'") == true)
            #expect(try await client.json("star", Self.alice + "&id=tr-99999").errorCode == 70)
            #expect(try await client.json("star", Self.alice + "&id=\(one)&id=tr-99999").errorCode == 70)
            #expect(try await client.json("star", Self.alice + "&albumId=tr-1").errorCode == 70)
            #expect(try await client.json("star", Self.alice + "&id=nonsense").errorCode == 10)
            #expect(try await client.json("star", Self.alice + "&id=fo-1").errorCode == 10)
            #expect(try await client.xml("unstar", Self.alice + "&id=tr-99999").contains(#"<error code="70""#))
            #expect(try await client.json("star", "u=alice&p=wrong&id=\(one)").errorCode == 40)
        }
        let marks = try await harness.services.annotations.annotations(for: [.track(try await harness.track("One").id)], user: try await harness.userID("alice"))
        #expect(marks.isEmpty, "a failed request changes nothing")
    }

    @Test func ratings() async throws {
        let harness = try await UserServerHarness()
        let two = try await harness.track("Two")
        let bobID = try await harness.userID("bob")
        try await harness.test { client in
            let rated = try await client.json("setRating", Self.bob + "&id=tr-\(two.id)&rating=4")
            #expect(rated.status == "ok")
            #expect(try await harness.services.annotations.annotations(for: [.track(two.id)], user: bobID)[.track(two.id)]?.rating == 4)
            #expect(try await client.json("setRating", Self.bob + "&id=tr-\(two.id)&rating=6").errorCode == 10)
            #expect(try await client.json("setRating", Self.bob + "&id=tr-\(two.id)&rating=x").errorCode == 10)
            #expect(try await client.json("setRating", Self.bob + "&id=tr-\(two.id)").errorCode == 10)
            #expect(try await client.json("setRating", Self.bob + "&rating=3").errorCode == 10)
            #expect(try await client.json("setRating", Self.bob + "&id=al-99999&rating=3").errorCode == 70)
            #expect(try await harness.services.annotations.annotations(for: [.track(two.id)], user: bobID)[.track(two.id)]?.rating == 4)
            #expect(try await client.xml("setRating", Self.bob + "&id=tr-\(two.id)&rating=0").contains(#"status="ok""#))
            #expect(try await harness.services.annotations.annotations(for: [.track(two.id)], user: bobID).isEmpty)
        }
    }

    @Test func scrobbleCountsPlaysAndNowPlayingExpires() async throws {
        let harness = try await UserServerHarness()
        let one = try await harness.track("One")
        let alice = try await harness.userID("alice")
        try await harness.test { client in
            let played = 1_700_000_000_000
            #expect(try await client.json("scrobble", Self.alice + "&id=tr-\(one.id)&time=\(played)").status == "ok")
            #expect(try await client.xml("scrobble", Self.alice + "&id=tr-\(one.id)&submission=true").contains(#"status="ok""#))
            let marks = try await harness.services.annotations.annotations(for: [.track(one.id)], user: alice)
            #expect(marks[.track(one.id)]?.playCount == 2)
            // The test clock stands in 1970, so the explicit 2023 play stays the last one.
            #expect(marks[.track(one.id)]?.lastPlayedAt == Date(timeIntervalSince1970: 1_700_000_000))

            let empty = try await client.json("getNowPlaying")
            #expect(empty["nowPlaying"]?["entry"] as? [Any] != nil, "an empty list is []")
            #expect((empty["nowPlaying"]?["entry"] as? [Any])?.isEmpty == true)

            // Now playing counts no play; it lasts as long as the song (one minute).
            #expect(try await client.json("scrobble", Self.bob + "&id=tr-\(one.id)&submission=false&c=DSub").status == "ok")
            #expect(try await harness.services.annotations.annotations(for: [.track(one.id)], user: harness.userID("bob")).isEmpty)
            harness.clock.advance(by: 30)
            let playing = try await client.json("getNowPlaying")
            let entries = try #require(playing.list("entry", in: "nowPlaying"))
            #expect(entries.count == 1)
            #expect(entries.first?["username"] as? String == "bob")
            #expect(entries.first?["id"] as? String == "tr-\(one.id)")
            #expect(entries.first?["title"] as? String == "One")
            #expect(entries.first?["playerName"] as? String == "DSub")
            #expect(entries.first?["minutesAgo"] as? Int == 0)
            let xml = try await client.xml("getNowPlaying")
            #expect(xml.contains(#"<entry id="tr-\#(one.id)""#) && xml.contains(#"username="bob""#))
            harness.clock.advance(by: 31)
            #expect(try await client.json("getNowPlaying").list("entry", in: "nowPlaying")?.isEmpty == true)

            #expect(try await client.json("scrobble", Self.alice + "&id=tr-99999").errorCode == 70)
            #expect(try await client.json("scrobble", Self.alice + "&id=tr-99999&submission=false").errorCode == 70)
            #expect(try await client.json("scrobble", Self.alice + "&id=tr-\(one.id)&time=soon").errorCode == 10)
            #expect(try await client.json("scrobble").errorCode == 10)
            #expect(try await harness.services.annotations.annotations(for: [.track(one.id)], user: alice)[.track(one.id)]?.playCount == 2)
        }
    }
}
