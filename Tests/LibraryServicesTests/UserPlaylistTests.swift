import Foundation
import LibraryCore
import LibraryServices
import Testing
import TestSupport

@Suite("Playlists belong to one user")
struct UserPlaylistTests {
    @Test func aPlaylistOfOneUserIsInvisibleToAnother() async throws {
        let library = try await PlaylistTestLibrary()
        defer { library.folder.remove() }
        let bob = try await library.services.users.addUser(named: "bob", password: "password-one", isAdmin: false)
        let bobs = library.services.playlists(for: bob.id)
        let local = library.services.playlists(for: User.localID)
        let mine = try await bobs.create(PlaylistDraft(name: "Road"))
        let one = try await library.id("One"), two = try await library.id("Two")
        #expect(try await bobs.add(trackIDs: [two, one, two], to: "Road", at: nil) == 3)

        #expect(try await local.playlists().isEmpty)
        #expect(try await library.services.playlists.playlists().isEmpty, "the CLI acts as the local user")
        await expectError(.notFound) { _ = try await local.playlist(named: "Road") }
        await expectError(.forbidden) { _ = try await local.playlist(id: mine.id) }
        await expectError(.notFound) { _ = try await local.delete(named: "Road") }
        await expectError(.notFound) { _ = try await bobs.playlist(id: mine.id + 100) }

        // Each user has their own namespace of names.
        _ = try await local.create(PlaylistDraft(name: "road"))
        #expect(try await bobs.playlists().map(\.name) == ["Road"])
        #expect(try await bobs.entries(of: "Road").map(\.track.title) == ["Two", "One", "Two"])
        #expect(try await bobs.playlist(id: mine.id).trackCount == 3)
    }

    @Test func entriesAndDescriptionsAreSetByTrackID() async throws {
        let library = try await PlaylistTestLibrary()
        defer { library.folder.remove() }
        let playlists = library.services.playlists
        _ = try await playlists.create(PlaylistDraft(name: "Mix"))
        let one = try await library.id("One"), four = try await library.id("Four"), five = try await library.id("Café")
        try await playlists.setEntries(trackIDs: [four, one], of: "Mix")
        #expect(try await library.titles("Mix") == ["Four", "One"])
        #expect(try await playlists.add(trackIDs: [five], to: "Mix", at: 1) == 1)
        #expect(try await library.titles("Mix") == ["Café", "Four", "One"])
        await expectError(.notFound) { try await playlists.setEntries(trackIDs: [one, 9999], of: "Mix") }
        await expectError(.invalidInput) { _ = try await playlists.add(trackIDs: [one], to: "Mix", at: 9) }
        #expect(try await library.titles("Mix") == ["Café", "Four", "One"])

        #expect(try await playlists.setDescription("for the car", of: "Mix").description == "for the car")
        #expect(try await playlists.setDescription("", of: "Mix").description == nil)
        await expectError(.invalidInput) { _ = try await playlists.setDescription(String(repeating: "x", count: 2001), of: "Mix") }
    }
}
