import Foundation
import LibraryClient
import LibraryCore
import LibraryServices
import TestKit
import TestSupport
import Testing

/// Every `PlaylistService` method over HTTP edits the API key user's playlists in the
/// server's database and answers what the server's own service reads back.
@Suite("Remote playlist service: the key's user's playlists on the server")
struct RemotePlaylistServiceTests {
    @Test func createsFillsAndEditsOnTheServer() async throws {
        let harness = try await RemoteHarness()
        let server = harness.playlists
        let tracks = try await harness.server.library.tracks(ListRequest(query: try LibraryQuery.parse("^artist:björk")))
        try await harness.run { remote, _ in
            let playlists = remote.playlists
            let created = try await playlists.create(PlaylistDraft(name: "Road", description: "car"))
            #expect(try await server.playlist(named: "Road") == created)
            #expect(try await playlists.playlist(id: created.id) == created)
            let bjork = ListRequest(query: try LibraryQuery.parse("artist:björk"))
            let added = try await playlists.add([bjork], to: "Road", at: nil)
            #expect(added == (try await harness.server.library.tracks(bjork)).count && added > 0)
            #expect(try await playlists.add(trackIDs: [tracks[0].id, tracks[0].id], to: "road", at: 1) == 2)
            #expect(try await playlists.entries(of: "Road") == server.entries(of: "Road"))
            let before = try await server.entries(of: "Road").count
            let deduped = try await playlists.dedupe("Road")
            let after = try await server.entries(of: "Road")
            #expect(deduped == 1 && after.count == before - deduped && Set(after.map(\.track.id)).count == after.count)
            try await playlists.move(from: 1, to: 2, in: "Road")
            #expect(try await server.entries(of: "Road")[1].track.id == tracks[0].id)
            #expect(try await playlists.remove(positions: [1], from: "Road") == 1)
            #expect(try await playlists.remove(matching: try LibraryQuery.parse("artist:björk"), from: "Road") > 0)
            try await playlists.setEntries(trackIDs: [tracks[2].id, tracks[1].id], of: "Road")
            #expect(try await server.entries(of: "Road").map(\.track.id) == [tracks[2].id, tracks[1].id])
            #expect(try await playlists.setDescription("night drive", of: "Road").description == "night drive")
            #expect(try await playlists.duplicate("Road", as: "Road 2") == server.playlist(named: "Road 2"))
            #expect(try await playlists.rename("Road 2", to: "Trip").name == "Trip")
            #expect(try await playlists.clear("Trip") == 2)
            #expect(try await playlists.playlists() == server.playlists())
            #expect(try await playlists.delete(named: "Trip").name == "Trip")
            #expect(try await server.playlists().map(\.name) == ["Road"])
            #expect(try await playlists.playlist(named: "Road") == server.playlist(named: "Road"))
        }
    }

    @Test func smartPlaylistsFreezeAndM3UTravels() async throws {
        let harness = try await RemoteHarness()
        let server = harness.playlists
        let tracks = try await harness.server.library.tracks(ListRequest())
        try await harness.run { remote, _ in
            let playlists = remote.playlists
            let rule = SmartRule(query: try LibraryQuery.parse("artist:björk"), sort: try LibrarySort.parse(["title-"]), limit: 2)
            _ = try await playlists.create(PlaylistDraft(name: "Smart", rule: rule))
            #expect(try await playlists.entries(of: "Smart") == server.entries(of: "Smart"))
            #expect(try await playlists.freeze("Smart").smartQuery == nil)

            let m3u = "#EXTM3U\n\(tracks[0].path.text)\n/nowhere/x.mp3\n"
            let imported = try await playlists.importM3U(Data(m3u.utf8), from: URL(fileURLWithPath: "/tmp/mix.m3u"), name: nil)
            #expect(imported.playlist.name == "mix" && imported.playlist.trackCount == 1)
            #expect(imported.unmatched.map(\.line) == [3])
            #expect(try await server.entries(of: "mix").map(\.track.id) == [tracks[0].id])
            #expect(try await playlists.exportM3U("mix", paths: .absolute) == server.exportM3U("mix", paths: .absolute))
            #expect(try await playlists.exportM3U("mix", paths: .relative(to: "/")) == server.exportM3U("mix", paths: .relative(to: "/")))
        }
    }

    @Test func playlistsBelongToTheKeysUser() async throws {
        let harness = try await RemoteHarness()
        _ = try await harness.server.playlists.create(PlaylistDraft(name: "Local only"))
        try await harness.run { remote, _ in
            let theirs = try await remote.playlists.playlists()
            #expect(theirs.isEmpty)
            let error = await #expect(throws: LibraryError.self) { try await remote.playlists.entries(of: "Local only") }
            #expect(error?.code == .notFound)
            let bad = await #expect(throws: LibraryError.self) { try await remote.playlists.create(PlaylistDraft(name: "")) }
            #expect(bad?.code == .invalidInput)
            let local = try await harness.server.playlists.playlists()
            #expect(local.map(\.name) == ["Local only"])
        }
    }
}
