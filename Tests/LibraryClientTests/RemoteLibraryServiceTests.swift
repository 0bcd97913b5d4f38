import Foundation
import LibraryClient
import LibraryCore
import LibraryServices
import TestKit
import TestSupport
import Testing

/// Every `LibraryService` method over HTTP answers what the server's own service answers.
@Suite("Remote library service: the server's answers over /api/v1/")
struct RemoteLibraryServiceTests {
    @Test func readsAnswerWhatTheServerAnswers() async throws {
        let harness = try await RemoteHarness()
        let local = harness.server.library
        try await harness.run { remote, _ in
            let library = remote.library
            #expect(try await library.libraries() == local.libraries())
            #expect(try await library.library(named: "samples") == local.library(named: "samples"))
            let all = try await local.tracks(ListRequest())
            #expect(all.count > 5)
            #expect(try await library.tracks(ListRequest()) == all)
            let query = try LibraryQuery.parse(arguments: ["artist:bjork", "year:1990..1999"], currentDirectory: "/")
            let request = ListRequest(query: query, sort: try LibrarySort.parse(["year-", "title+"]), limit: 3, includeMissing: true)
            #expect(try await library.tracks(request) == local.tracks(request))
            #expect(try await library.albums(ListRequest()) == local.albums(ListRequest()))
            #expect(try await library.artists(ListRequest()) == local.artists(ListRequest()))
            #expect(try await library.search("bjork jo", limit: nil) == local.search("bjork jo", limit: nil))
            #expect(try await library.search("tokyo", limit: 1) == local.search("tokyo", limit: 1))
            #expect(try await library.track(id: all[0].id) == all[0])
            #expect(try await library.track(id: 999_999) == nil)
            #expect(try await library.track(path: all[1].path) == all[1])
            #expect(try await library.track(path: RawPath("/nowhere.flac")) == nil)
            #expect(try await library.statistics(matching: .all) == local.statistics(matching: .all))
            #expect(try await library.statistics(matching: query) == local.statistics(matching: query))
            #expect(try await library.unreadableFiles() == local.unreadableFiles())
            #expect(try await library.health() == local.health())
            #expect(try await library.prune(library: nil, dryRun: true) == local.prune(library: nil, dryRun: true))
        }
    }

    @Test func errorsKeepTheirKindAndMessage() async throws {
        let harness = try await RemoteHarness()
        try await harness.run { remote, _ in
            let expected = await #expect(throws: LibraryError.self) { try await harness.server.library.library(named: "Nope") }
            let remoteError = await #expect(throws: LibraryError.self) { try await remote.library.library(named: "Nope") }
            #expect(remoteError == expected)
            #expect(remoteError?.code == .notFound)
            let empty = await #expect(throws: LibraryError.self) { try await remote.library.search("  ", limit: nil) }
            #expect(empty?.code == .invalidInput)
        }
    }

    @Test func mergesOnTheServerAndRefusesTwoPresentFilesAsLocally() async throws {
        let harness = try await RemoteHarness()
        try await harness.run { remote, _ in
            let tracks = try await harness.server.library.tracks(ListRequest())
            let (old, new) = (tracks[0], tracks[1])
            let refused = await #expect(throws: LibraryError.self) { try await remote.library.merge(trackID: old.id, into: new.id, force: false) }
            #expect(refused?.code == .conflict)
            #expect(try await harness.server.library.tracks(ListRequest()).count == tracks.count)
            let report = try await remote.library.merge(trackID: old.id, into: new.id, force: true)
            #expect(report.track.id == old.id)
            #expect(report.removedID == new.id)
            #expect(try await harness.server.library.track(id: new.id) == nil)
        }
    }

    @Test func renamesAndRemovesLibrariesOnTheServer() async throws {
        let harness = try await RemoteHarness()
        try await harness.run { remote, _ in
            let renamed = try await remote.library.renameLibrary(named: "Samples", to: "Music")
            #expect(renamed.name == "Music")
            #expect(try await harness.server.library.libraries().map(\.name) == ["Music"])
            let removed = try await remote.library.removeLibrary(named: "music")
            #expect(removed.id == renamed.id)
            #expect(try await harness.server.library.libraries().isEmpty)
            #expect(try await harness.server.library.tracks(ListRequest()).isEmpty)
        }
    }
}
