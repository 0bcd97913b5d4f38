import Foundation
import LibraryCore
import LibraryServices
import LibraryStorage
import TestKit
import TestSupport
import Testing

@Suite("Playlist service: creating and editing")
struct PlaylistServiceTests {
    @Test func createListRenameDuplicateDelete() async throws {
        let library = try await PlaylistTestLibrary()
        defer { library.folder.remove() }
        let playlists = library.playlists
        let created = try await playlists.create(PlaylistDraft(name: "  Road Trip ", description: "Loud"))
        #expect(created.name == "Road Trip")
        #expect(created.description == "Loud")
        _ = try await playlists.add(try library.request("genre:jazz"), to: "road trip", at: nil)

        let renamed = try await playlists.rename("ROAD TRIP", to: "Drive")
        #expect(renamed.id == created.id)
        let copy = try await playlists.duplicate("Drive", as: "Drive 2")
        #expect(copy.description == "Loud")
        #expect(try await library.titles("Drive 2") == ["One", "Two"])
        #expect(try await playlists.playlists().map(\.name) == ["Drive", "Drive 2"])
        #expect(try await playlists.playlists().map(\.trackCount) == [2, 2])
        #expect(try await playlists.playlists().first?.durationMs == 3000)

        let deleted = try await playlists.delete(named: "drive")
        #expect(deleted.id == created.id)
        #expect(try await playlists.playlists().map(\.name) == ["Drive 2"])
        #expect(try await library.titles("Drive 2") == ["One", "Two"])
    }

    @Test func namesAreUniqueIgnoringCaseAndRenameMayChangeCase() async throws {
        let library = try await PlaylistTestLibrary()
        defer { library.folder.remove() }
        _ = try await library.playlists.create(PlaylistDraft(name: "Mix"))
        await #expect(throws: LibraryError.self) { try await library.playlists.create(PlaylistDraft(name: "MIX")) }
        _ = try await library.playlists.create(PlaylistDraft(name: "Other"))
        do {
            _ = try await library.playlists.rename("Other", to: "mix")
            Issue.record("rename to a taken name succeeded")
        } catch let error as LibraryError {
            #expect(error.code == .conflict)
            #expect(error.message.contains("already exists"))
        }
        await #expect(throws: LibraryError.self) { try await library.playlists.duplicate("Other", as: "mIx") }
        #expect(try await library.playlists.rename("Mix", to: "MIX").name == "MIX")
    }

    @Test(arguments: ["", "   ", String(repeating: "x", count: 201), "two\nlines", "tab\there"])
    func invalidNamesAreRefused(_ name: String) async throws {
        let library = try await PlaylistTestLibrary()
        defer { library.folder.remove() }
        do {
            _ = try await library.playlists.create(PlaylistDraft(name: name))
            Issue.record("created a playlist named \(name.debugDescription)")
        } catch let error as LibraryError {
            #expect(error.code == .invalidInput)
        }
        #expect(try await library.playlists.playlists().isEmpty)
    }

    @Test func overLongDescriptionIsRefused() async throws {
        let library = try await PlaylistTestLibrary()
        defer { library.folder.remove() }
        let draft = PlaylistDraft(name: "Mix", description: String(repeating: "d", count: 2001))
        await #expect(throws: LibraryError(.invalidInput, "The playlist description is 2001 characters long: use at most 2000.")) {
            try await library.playlists.create(draft)
        }
    }

    @Test func addAppendsInQueryOrderAndInsertsAtAPosition() async throws {
        let library = try await PlaylistTestLibrary()
        defer { library.folder.remove() }
        let playlists = library.playlists
        _ = try await playlists.create(PlaylistDraft(name: "Mix"))
        #expect(try await playlists.add(try library.request("genre:rock"), to: "Mix", at: nil) == 3)
        #expect(try await library.titles("Mix") == ["Thé", "Four", "Café"])
        var sorted = try library.request("genre:jazz")
        sorted.sort = try LibrarySort.parse(["title-"], for: .tracks)
        #expect(try await playlists.add(sorted, to: "Mix", at: 2) == 2)
        #expect(try await library.titles("Mix") == ["Thé", "Two", "One", "Four", "Café"])
        let one = try await library.id("One"), four = try await library.id("Four")
        let requests = [try library.request("id:\(four)"), try library.request("id:\(one)")]
        #expect(try await playlists.add(requests, to: "Mix", at: 6) == 2)
        #expect(try await library.titles("Mix") == ["Thé", "Two", "One", "Four", "Café", "Four", "One"])
        #expect(try await playlists.entries(of: "Mix").map(\.position) == Array(1...7))
    }

    @Test func addFailsCleanlyForNothingMatchingBadPositionsAndUnknownPlaylists() async throws {
        let library = try await PlaylistTestLibrary()
        defer { library.folder.remove() }
        try await library.makePlaylist("Mix", ["One"])
        do {
            _ = try await library.playlists.add(try library.request("title:zzz"), to: "Mix", at: nil)
            Issue.record("empty query added something")
        } catch let error as LibraryError {
            #expect(error.code == .notFound)
            #expect(error.message.contains("nothing was added"))
        }
        await #expect(throws: LibraryError.self) { try await library.playlists.add(try library.request("title:two"), to: "Mix", at: 3) }
        await #expect(throws: LibraryError(.notFound, "No playlist named \"Nope\": see `kanora playlist list`.")) {
            try await library.playlists.add(try library.request("title:two"), to: "Nope", at: nil)
        }
        #expect(try await library.titles("Mix") == ["One"])
    }

    @Test func removeMoveClearDedupeKeepPositionsContiguous() async throws {
        let library = try await PlaylistTestLibrary()
        defer { library.folder.remove() }
        let playlists = library.playlists
        try await library.makePlaylist("Mix", ["One", "Two", "Thé", "One", "Four", "Two"])
        #expect(try await playlists.remove(positions: [2, 5, 2], from: "Mix") == 2)
        #expect(try await library.titles("Mix") == ["One", "Thé", "One", "Two"])
        try await playlists.move(from: 1, to: 4, in: "Mix")
        #expect(try await library.titles("Mix") == ["Thé", "One", "Two", "One"])
        try await playlists.move(from: 3, to: 1, in: "Mix")
        #expect(try await library.titles("Mix") == ["Two", "Thé", "One", "One"])
        #expect(try await playlists.dedupe("Mix") == 1)
        #expect(try await library.titles("Mix") == ["Two", "Thé", "One"])
        #expect(try await playlists.remove(matching: try LibraryQuery.parse("title:one , title:two"), from: "Mix") == 2)
        #expect(try await library.titles("Mix") == ["Thé"])
        #expect(try await playlists.entries(of: "Mix").map(\.position) == [1])
        #expect(try await playlists.clear("Mix") == 1)
        #expect(try await library.titles("Mix").isEmpty)
    }

    @Test func aFailedEditChangesNothing() async throws {
        let library = try await PlaylistTestLibrary()
        defer { library.folder.remove() }
        let playlists = library.playlists
        try await library.makePlaylist("Mix", ["One", "Two", "Thé"])
        let before = try await playlists.playlist(named: "Mix")
        await #expect(throws: LibraryError.self) { try await playlists.move(from: 1, to: 4, in: "Mix") }
        await #expect(throws: LibraryError.self) { try await playlists.move(from: 0, to: 2, in: "Mix") }
        do {
            _ = try await playlists.remove(positions: [1, 9], from: "Mix")
            Issue.record("removed with a bad position")
        } catch let error as LibraryError {
            #expect(error.message == "Position 9 is out of range: \"Mix\" has 3 entries; use 1 to 3.")
        }
        await #expect(throws: LibraryError.self) { try await playlists.remove(matching: try LibraryQuery.parse("title:zzz"), from: "Mix") }
        #expect(try await library.titles("Mix") == ["One", "Two", "Thé"])
        #expect(try await playlists.playlist(named: "Mix") == before)
        try await playlists.move(from: 2, to: 2, in: "Mix")
        #expect(try await library.titles("Mix") == ["One", "Two", "Thé"])
    }

    @Test func editsPublishPlaylistChanges() async throws {
        let library = try await PlaylistTestLibrary()
        defer { library.folder.remove() }
        let events = library.services.feed.events()
        let playlist = try await library.playlists.create(PlaylistDraft(name: "Mix"))
        #expect(try await Wait.first("the playlist's change event", in: events) == .playlistsChanged(playlistID: playlist.id))
    }

    @Test func schemaRefusesInvalidRowsWrittenBehindTheService() throws {
        let database = try Database.open(.inMemory)
        func insert(_ name: String, _ key: String, _ description: String) -> SQL {
            "INSERT INTO playlist (user_id, name, name_key, description, created_at, updated_at) VALUES (1, \(name), \(key), \(description), 0, 0)"
        }
        try database.write { try $0.execute(insert("Fine", "fine", "ok")) }
        for (name, description) in [("", "x"), (" padded", "x"), ("new\nline", "x"), (String(repeating: "n", count: 201), "x"), ("Long", String(repeating: "d", count: 2001))] {
            #expect(throws: DatabaseError.self) { try database.write { try $0.execute(insert(name, name.lowercased(), description)) } }
        }
        #expect(throws: DatabaseError.self) { try database.write { try $0.execute(insert("FINE", "fine", "dup")) } }
    }
}
