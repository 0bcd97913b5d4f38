import Foundation
import HummingbirdTesting
import LibraryServer
import LibraryServices
import Testing
import TestSupport

@Suite("Subsonic playlists")
struct PlaylistEndpointsTests {
    static let alice = ServerHarness.alice
    static let bob = ServerHarness.bob

    private func ids(_ answer: JSONAnswer) -> [String]? {
        answer.list("entry", in: "playlist")?.compactMap { $0["id"] as? String }
    }

    @Test func createListGetUpdateDelete() async throws {
        let harness = try await UserServerHarness()
        let one = try await harness.song("One"), two = try await harness.song("Two"), three = try await harness.song("Three")
        try await harness.test { client in
            let empty = try await client.json("getPlaylists")
            #expect(empty["playlists"]?["playlist"] as? [Any] != nil, "an empty list is []")

            let created = try await client.json("createPlaylist", Self.alice + "&name=Road%20trip&songId=\(two)&songId=\(one)&songId=\(two)")
            #expect(created.status == "ok")
            let id = try #require(created["playlist"]?["id"] as? String)
            #expect(id.hasPrefix("pl-"))
            #expect(created["playlist"]?["name"] as? String == "Road trip")
            #expect(created["playlist"]?["owner"] as? String == "alice")
            #expect(created["playlist"]?["songCount"] as? Int == 3)
            #expect(created["playlist"]?["duration"] as? Int == 300)
            #expect(ids(created) == [two, one, two])

            let listed = try await client.json("getPlaylists")
            #expect(listed.list("playlist", in: "playlists")?.map { $0["name"] as? String } == ["Road trip"])
            #expect(try await client.xml("getPlaylists").contains(#"<playlist id="\#(id)" name="Road trip""#))
            let xml = try await client.xml("getPlaylist", Self.alice + "&id=\(id)")
            #expect(xml.contains(#"<entry id="\#(two)""#) && xml.contains(#"title="Two""#))

            // Remove the first "Two" (index 0), add "Three"; rename and describe.
            let updated = try await client.json("updatePlaylist", Self.alice + "&playlistId=\(id)&name=Road&comment=for%20the%20car&songIndexToRemove=0&songIdToAdd=\(three)")
            #expect(updated.status == "ok")
            let got = try await client.json("getPlaylist", Self.alice + "&id=\(id)")
            #expect(got["playlist"]?["name"] as? String == "Road")
            #expect(got["playlist"]?["comment"] as? String == "for the car")
            #expect(ids(got) == [one, two, three])

            // createPlaylist with playlistId replaces the songs.
            let replaced = try await client.json("createPlaylist", Self.alice + "&playlistId=\(id)&songId=\(three)")
            #expect(ids(replaced) == [three])
            #expect(try await harness.services.playlists(for: harness.userID("alice")).entries(of: "Road").map(\.track.title) == ["Three"])

            #expect(try await client.xml("deletePlaylist", Self.alice + "&id=\(id)").contains(#"status="ok""#))
            #expect(try await client.json("getPlaylist", Self.alice + "&id=\(id)").errorCode == 70)
            #expect(try await client.json("getPlaylists").list("playlist", in: "playlists")?.isEmpty == true)
        }
    }

    @Test func anotherUsersPlaylistIsInvisibleAndForbidden() async throws {
        let harness = try await UserServerHarness()
        let one = try await harness.song("One")
        try await harness.test { client in
            let created = try await client.json("createPlaylist", Self.bob + "&name=Mine&songId=\(one)")
            let id = try #require(created["playlist"]?["id"] as? String)
            #expect(try await client.json("getPlaylists").list("playlist", in: "playlists")?.isEmpty == true)
            #expect(try await client.json("getPlaylist", Self.alice + "&id=\(id)").errorCode == 50)
            #expect(try await client.json("deletePlaylist", Self.alice + "&id=\(id)").errorCode == 50)
            #expect(try await client.xml("deletePlaylist", Self.alice + "&id=\(id)").contains(#"<error code="50""#))
            #expect(try await client.json("updatePlaylist", Self.alice + "&playlistId=\(id)&name=Stolen").errorCode == 50)
            #expect(try await client.json("createPlaylist", Self.alice + "&playlistId=\(id)&songId=\(one)").errorCode == 50)
            #expect(try await client.json("getPlaylist", Self.bob + "&id=\(id)")["playlist"]?["name"] as? String == "Mine")

            // An administrator may list (not edit) another user's playlists; others may not.
            let asAdmin = try await client.json("getPlaylists", Self.alice + "&username=bob")
            #expect(asAdmin.list("playlist", in: "playlists")?.map { $0["owner"] as? String } == ["bob"])
            #expect(try await client.json("getPlaylists", Self.bob + "&username=alice").errorCode == 50)
            #expect(try await client.json("getPlaylists", Self.alice + "&username=nobody").errorCode == 70)
        }
    }

    @Test func badRequestsAreErrorsAndChangeNothing() async throws {
        let harness = try await UserServerHarness()
        let one = try await harness.song("One")
        try await harness.test { client in
            #expect(try await client.json("getPlaylist").errorCode == 10)
            #expect(try await client.json("getPlaylist", Self.alice + "&id=pl-99999").errorCode == 70)
            #expect(try await client.json("getPlaylist", Self.alice + "&id=tr-1").errorCode == 70)
            #expect(try await client.json("deletePlaylist").errorCode == 10)
            #expect(try await client.json("deletePlaylist", Self.alice + "&id=pl-99999").errorCode == 70)
            #expect(try await client.json("updatePlaylist").errorCode == 10)
            #expect(try await client.json("createPlaylist").errorCode == 10)
            #expect(try await client.xml("createPlaylist").contains(#"<error code="10""#))
            #expect(try await client.json("createPlaylist", Self.alice + "&name=%20").errorCode == 10)
            #expect(try await client.json("createPlaylist", Self.alice + "&name=X&songId=tr-99999").errorCode == 70)
            #expect(try await client.json("getPlaylists").list("playlist", in: "playlists")?.isEmpty == true, "no playlist is left behind")

            let id = try #require(try await client.json("createPlaylist", Self.alice + "&name=X&songId=\(one)")["playlist"]?["id"] as? String)
            #expect(try await client.json("updatePlaylist", Self.alice + "&playlistId=\(id)&songIndexToRemove=5").errorCode == 10)
            #expect(try await client.json("updatePlaylist", Self.alice + "&playlistId=\(id)&songIdToAdd=tr-99999").errorCode == 70)
            #expect(try await client.json("getPlaylist", Self.alice + "&id=\(id)").list("entry", in: "playlist")?.count == 1)
        }
    }

    /// Every member a song entry has comes from the one read of the entries and their marks:
    /// a column or a mark left out of it would drop a member here.
    @Test func entriesCarryEveryTagAndTheUsersMarksMissingTracksIncluded() async throws {
        let harness = try await UserServerHarness()
        var tags = FakeTagReader.track("Four", artist: "Ann", album: "Album", track: 4, disc: 2, year: 1999, genres: ["Jazz", "Rock"], durationMs: 240_000)
        tags.artists = ["Ann", "Bo"]
        let path = try harness.folder.write("Album/4 Four.mp3", FakeTagReader.file(tags))
        _ = try await harness.services.scanner.run(harness.folder.url.path)
        let four = try await harness.song("Four"), one = try await harness.song("One")
        try FileManager.default.removeItem(atPath: harness.folder.url.appendingPathComponent("Album/1 One.mp3").path)
        _ = try await harness.services.scanner.run(harness.folder.url.path)
        try await harness.test { client in
            let id = try #require(try await client.json("createPlaylist", Self.alice + "&name=Marks&songId=\(four)&songId=\(one)")["playlist"]?["id"] as? String)
            #expect(try await client.json("star", Self.alice + "&id=\(four)").status == "ok")
            #expect(try await client.json("setRating", Self.alice + "&id=\(four)&rating=4").status == "ok")
            #expect(try await client.json("scrobble", Self.alice + "&id=\(four)&submission=true&time=1700000000000").status == "ok")
            let entries = try #require(try await client.json("getPlaylist", Self.alice + "&id=\(id)").list("entry", in: "playlist"))
            #expect(entries.map { $0["id"] as? String } == [four, one], "the missing track keeps its place")
            let entry = try #require(entries.first)
            #expect(Set(entry.keys) == [
                "id", "parent", "isDir", "title", "album", "artist", "track", "year", "genre", "coverArt", "size", "contentType",
                "suffix", "duration", "bitRate", "discNumber", "albumId", "type", "isVideo", "created", "starred", "userRating",
                "playCount", "played",
            ])
            #expect(entry["title"] as? String == "Four" && entry["album"] as? String == "Album" && entry["artist"] as? String == "Ann, Bo")
            #expect(entry["track"] as? Int == 4 && entry["discNumber"] as? Int == 2 && entry["year"] as? Int == 1999)
            #expect(entry["genre"] as? String == "Jazz" && entry["duration"] as? Int == 240 && entry["bitRate"] as? Int == 192)
            #expect(entry["suffix"] as? String == "mp3" && entry["contentType"] as? String == "audio/mpeg")
            let size = try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int
            #expect(entry["size"] as? Int == size)
            #expect(entry["albumId"] as? String != nil && entry["albumId"] as? String == entry["parent"] as? String)
            #expect(entry["userRating"] as? Int == 4 && entry["playCount"] as? Int == 1)
            #expect(entries.last?["title"] as? String == "One" && entries.last?["playCount"] as? Int == 0)
            #expect(entries.last?["starred"] == nil)
            // Bob sees none of Alice's marks on the same songs.
            let bobs = try #require(try await client.json("createPlaylist", Self.bob + "&name=Bobs&songId=\(four)")["playlist"]?["id"] as? String)
            let bobsEntry = try #require(try await client.json("getPlaylist", Self.bob + "&id=\(bobs)").list("entry", in: "playlist")?.first)
            #expect(bobsEntry["starred"] == nil && bobsEntry["userRating"] == nil && bobsEntry["playCount"] as? Int == 0)
        }
    }
}
