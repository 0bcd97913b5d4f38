import Foundation
import LibraryCore
import LibraryServices
import Testing
import TestSupport

/// One service method that writes (or fails to), and the events it must publish: a new
/// write path is one more case.
struct ChangeEventCase: Sendable, CustomTestStringConvertible {
    let name: String
    /// Run before the test subscribes: what the case needs beyond the fixture.
    var prepare: @Sendable (ChangeEventFixture) async throws -> Void = { _ in }
    let action: @Sendable (ChangeEventFixture) async throws -> Void
    /// Whether `action` must throw.
    var fails = false
    /// The events expected, worked out once `action` has run (it may have made the ids).
    let expected: @Sendable (ChangeEventFixture) async throws -> [LibraryEvent]

    var testDescription: String { name }

    /// A case whose action must throw and publish nothing.
    static func failing(
        _ name: String, prepare: @escaping @Sendable (ChangeEventFixture) async throws -> Void = { _ in },
        _ action: @escaping @Sendable (ChangeEventFixture) async throws -> Void
    ) -> ChangeEventCase {
        ChangeEventCase(name: name, prepare: prepare, action: action, fails: true, expected: { _ in [] })
    }
}

extension ChangeEventCase {
    static let all = libraries + scans + playlists + playlistEntries + usersAndAnnotations

    static let libraries: [ChangeEventCase] = [
        ChangeEventCase(name: "rename a library", action: { f in
            _ = try await f.services.library.renameLibrary(named: f.libraryName(), to: "Renamed")
        }, expected: { _ in [.librariesChanged] }),
        // The cascade empties "Mix" of its entries: its event was forgotten before.
        ChangeEventCase(name: "remove a library", action: { f in
            _ = try await f.services.library.removeLibrary(named: try await f.libraryName())
        }, expected: { f in [.librariesChanged, .tracksChanged(libraryID: f.libraryID), .playlistsChanged(playlistID: f.mix)] }),
        .failing("rename a library to a taken name", prepare: { f in
            _ = try await f.services.scanner.run(f.elsewhere.url.path, name: "Other")
        }) { f in _ = try await f.services.library.renameLibrary(named: try await f.libraryName(), to: "other") },
        ChangeEventCase(name: "prune", prepare: { f in
            try FileManager.default.removeItem(atPath: f.library.folder.path(PlaylistTestLibrary.files[1]))
            try await f.library.scan()
        }, action: { f in
            _ = try await f.services.library.prune(library: nil, dryRun: false)
        }, expected: { f in [.tracksChanged(libraryID: f.libraryID), .playlistsChanged(playlistID: f.mix)] }),
        ChangeEventCase(name: "prune, dry run", prepare: { f in
            try FileManager.default.removeItem(atPath: f.library.folder.path(PlaylistTestLibrary.files[1]))
            try await f.library.scan()
        }, action: { f in
            _ = try await f.services.library.prune(library: nil, dryRun: true)
        }, expected: { _ in [] }),
        // The new track's entry in "Mix" now points at the survivor.
        ChangeEventCase(name: "merge a track into another", prepare: { f in
            try FileManager.default.removeItem(atPath: f.library.folder.path(PlaylistTestLibrary.files[0]))
            try f.library.write("Album/01 Uno.mp3", FakeTagReader.track("Uno", artist: "Someone Else", album: "Elsewhere"))
            try await f.library.scan()
            _ = try await f.playlists.add(trackIDs: [try await f.library.id("Uno")], to: "Mix", at: nil)
        }, action: { f in
            _ = try await f.services.library.merge(trackID: try await f.library.id("One"), into: try await f.library.id("Uno"), force: false)
        }, expected: { f in [.tracksChanged(libraryID: f.libraryID), .playlistsChanged(playlistID: f.mix)] }),
        .failing("merge two tracks that both have files") { f in
            _ = try await f.services.library.merge(trackID: try await f.library.id("One"), into: try await f.library.id("Two"), force: false)
        },
    ]

    static let scans: [ChangeEventCase] = [
        ChangeEventCase(name: "rescan finding a new file", prepare: { f in
            try f.library.write("Album/06 Six.mp3", FakeTagReader.track("Six"))
        }, action: { f in
            try await f.library.scan()
        }, expected: { f in [.librariesChanged, .tracksChanged(libraryID: f.libraryID)] }),
        // The scan stamps its library; no track changed.
        ChangeEventCase(name: "rescan finding nothing changed", action: { f in
            try await f.library.scan()
        }, expected: { _ in [.librariesChanged] }),
        // One commit per file, one event per kind for the whole scan.
        ChangeEventCase(name: "first scan of a new library, batch by batch", prepare: { f in
            for index in 1...3 { try f.elsewhere.write("\(index).mp3", FakeTagReader.file(FakeTagReader.track("New \(index)"))) }
        }, action: { f in
            _ = try await f.services.scanner.run(f.elsewhere.url.path, name: "Other", options: ScanOptions(batchSize: 1))
        }, expected: { f in
            [.librariesChanged, .tracksChanged(libraryID: try await f.services.library.library(named: "Other").id)]
        }),
        // The track keeps its id and changes library: both libraries' tracks changed.
        ChangeEventCase(name: "scan taking over a track moved from another library", prepare: { f in
            _ = try await f.services.scanner.run(f.elsewhere.url.path, name: "Other")
            try FileManager.default.moveItem(atPath: f.library.folder.path(PlaylistTestLibrary.files[3]), toPath: f.elsewhere.path("04 Four.mp3"))
            try await f.library.scan()
        }, action: { f in
            let summary = try await f.services.scanner.run(f.elsewhere.url.path).summary
            #expect(summary.moved == 1)
        }, expected: { f in
            let other = try await f.services.library.library(named: "Other").id
            return [.librariesChanged] + [f.libraryID, other].sorted().map { .tracksChanged(libraryID: $0) }
        }),
        // It failed after stamping its library: what it committed is published.
        ChangeEventCase(name: "rescan refusing an empty root", prepare: { f in
            for file in PlaylistTestLibrary.files { try FileManager.default.removeItem(atPath: f.library.folder.path(file)) }
            try FileManager.default.removeItem(atPath: f.library.folder.path("Album"))
        }, action: { f in
            try await f.library.scan()
        }, fails: true, expected: { _ in [.librariesChanged] }),
        .failing("scan a folder that does not exist") { f in
            _ = try await f.services.scanner.run(f.elsewhere.path("nowhere"))
        },
    ]

    static let playlists: [ChangeEventCase] = [
        ChangeEventCase(name: "create a playlist", action: { f in
            _ = try await f.playlists.create(PlaylistDraft(name: "New"))
        }, expected: { f in [.playlistsChanged(playlistID: try await f.playlistID("New"))] }),
        .failing("create a playlist under a taken name") { f in _ = try await f.playlists.create(PlaylistDraft(name: "mix")) },
        .failing("create a playlist with an empty name") { f in _ = try await f.playlists.create(PlaylistDraft(name: " ")) },
        ChangeEventCase(name: "rename a playlist", action: { f in
            _ = try await f.playlists.rename("Mix", to: "Road")
        }, expected: { f in [.playlistsChanged(playlistID: f.mix)] }),
        ChangeEventCase(name: "duplicate a playlist", action: { f in
            _ = try await f.playlists.duplicate("Mix", as: "Copy")
        }, expected: { f in [.playlistsChanged(playlistID: try await f.playlistID("Copy"))] }),
        ChangeEventCase(name: "freeze a smart playlist", action: { f in
            _ = try await f.playlists.freeze("Smart")
        }, expected: { f in [.playlistsChanged(playlistID: f.smart)] }),
        .failing("freeze a normal playlist") { f in _ = try await f.playlists.freeze("Mix") },
        ChangeEventCase(name: "delete a playlist", action: { f in
            _ = try await f.playlists.delete(named: "Mix")
        }, expected: { f in [.playlistsChanged(playlistID: f.mix)] }),
        .failing("delete an unknown playlist") { f in _ = try await f.playlists.delete(named: "Nope") },
        ChangeEventCase(name: "describe a playlist", action: { f in
            _ = try await f.playlists.setDescription("for the car", of: "Mix")
        }, expected: { f in [.playlistsChanged(playlistID: f.mix)] }),
        ChangeEventCase(name: "import an M3U file", action: { f in
            let file = URL(fileURLWithPath: f.library.folder.path("road.m3u"))
            let text = "#EXTM3U\n\(f.library.folder.path(PlaylistTestLibrary.files[2]))\n"
            _ = try await f.playlists.importM3U(Data(text.utf8), from: file, name: "Imported")
        }, expected: { f in [.playlistsChanged(playlistID: try await f.playlistID("Imported"))] }),
        .failing("import an M3U file matching no track") { f in
            let file = URL(fileURLWithPath: f.library.folder.path("road.m3u"))
            _ = try await f.playlists.importM3U(Data("/nowhere/x.mp3\n".utf8), from: file, name: "Imported")
        },
    ]

    static let playlistEntries: [ChangeEventCase] = [
        ChangeEventCase(name: "add tracks by query", action: { f in
            _ = try await f.playlists.add(try f.library.request("title:Four"), to: "Mix", at: 1)
        }, expected: { f in [.playlistsChanged(playlistID: f.mix)] }),
        .failing("add tracks at a position out of range") { f in
            _ = try await f.playlists.add(try f.library.request("title:Four"), to: "Mix", at: 9)
        },
        ChangeEventCase(name: "add tracks by id", action: { f in
            _ = try await f.playlists.add(trackIDs: [try await f.library.id("Four")], to: "Mix", at: nil)
        }, expected: { f in [.playlistsChanged(playlistID: f.mix)] }),
        ChangeEventCase(name: "set the entries", action: { f in
            try await f.playlists.setEntries(trackIDs: [try await f.library.id("Four")], of: "Mix")
        }, expected: { f in [.playlistsChanged(playlistID: f.mix)] }),
        .failing("set entries naming an unknown track") { f in try await f.playlists.setEntries(trackIDs: [9999], of: "Mix") },
        ChangeEventCase(name: "remove entries by position", action: { f in
            _ = try await f.playlists.remove(positions: [1], from: "Mix")
        }, expected: { f in [.playlistsChanged(playlistID: f.mix)] }),
        ChangeEventCase(name: "remove entries by query", action: { f in
            _ = try await f.playlists.remove(matching: try LibraryQuery.parse("title:Two"), from: "Mix")
        }, expected: { f in [.playlistsChanged(playlistID: f.mix)] }),
        ChangeEventCase(name: "move an entry", action: { f in
            try await f.playlists.move(from: 1, to: 2, in: "Mix")
        }, expected: { f in [.playlistsChanged(playlistID: f.mix)] }),
        // Nothing written, nothing published (before, every edit published, changed or not).
        ChangeEventCase(name: "move an entry onto itself", action: { f in
            try await f.playlists.move(from: 2, to: 2, in: "Mix")
        }, expected: { _ in [] }),
        ChangeEventCase(name: "clear a playlist", action: { f in
            _ = try await f.playlists.clear("Mix")
        }, expected: { f in [.playlistsChanged(playlistID: f.mix)] }),
        ChangeEventCase(name: "dedupe a playlist", prepare: { f in
            _ = try await f.playlists.add(trackIDs: [try await f.library.id("One")], to: "Mix", at: nil)
        }, action: { f in
            _ = try await f.playlists.dedupe("Mix")
        }, expected: { f in [.playlistsChanged(playlistID: f.mix)] }),
    ]

    static let usersAndAnnotations: [ChangeEventCase] = [
        ChangeEventCase(name: "add a user", action: { f in
            _ = try await f.services.users.addUser(named: "bob", password: "password-one", isAdmin: false)
        }, expected: { _ in [] }),
        // Their playlists go with them: that event was forgotten before.
        ChangeEventCase(name: "remove a user", prepare: { f in
            let bob = try await f.services.users.addUser(named: "bob", password: "password-one", isAdmin: false)
            f.note("road", try await f.services.playlists(for: bob.id).create(PlaylistDraft(name: "Road")).id)
        }, action: { f in
            _ = try await f.services.users.removeUser(named: "bob")
        }, expected: { f in [.playlistsChanged(playlistID: try f.noted("road"))] }),
        ChangeEventCase(name: "create an API key", action: { f in
            _ = try await f.services.users.createAPIKey(forUser: "local", label: "phone")
        }, expected: { _ in [] }),
        ChangeEventCase(name: "star a track", action: { f in
            try await f.services.annotations.star([.track(try await f.library.id("One"))], user: User.localID)
        }, expected: { _ in [] }),
        ChangeEventCase(name: "rate a track", action: { f in
            try await f.services.annotations.setRating(4, for: .track(try await f.library.id("One")), user: User.localID)
        }, expected: { _ in [] }),
        ChangeEventCase(name: "scrobble a track", action: { f in
            try await f.services.annotations.scrobble(trackID: try await f.library.id("One"), at: Date(), user: User.localID)
        }, expected: { _ in [] }),
    ]
}
