import Foundation
import LibraryCore
import LibraryServices
import LibraryViewModels
import Testing
import TestKit
import TestSupport

@Suite("Playlist view models")
struct PlaylistViewModelTests {
    let folder: TemporaryDirectory
    let services: ServiceContainer

    init() throws {
        folder = try TemporaryDirectory("playlist-vm")
        services = try .inMemory(reader: FakeTagReader())
    }

    /// Scans three fake tracks (One, Two, Three) and makes "Mix" with One, Two, Three.
    private func makeMix() async throws {
        for (index, title) in ["One", "Two", "Three"].enumerated() {
            try folder.write("\(index + 1).mp3", FakeTagReader.file(FakeTagReader.track(title, track: index + 1, durationMs: 1000)))
        }
        _ = try await services.scanner.run(folder.url.path)
        _ = try await services.playlists.create(PlaylistDraft(name: "Mix"))
        _ = try await services.playlists.add(ListRequest(), to: "Mix", at: nil)
    }

    @Test func detailLoadsEntriesTotalsAndMissingCount() async throws {
        defer { folder.remove() }
        try await makeMix()
        let viewModel = PlaylistDetailViewModel(services: services)
        await viewModel.load("mix")
        let state = viewModel.state
        #expect(state.viewState == .loaded)
        #expect(state.playlist?.name == "Mix")
        #expect(state.entries.map(\.track.title) == ["One", "Two", "Three"])
        #expect(state.totalDurationMs == 3000)
        #expect(state.missingCount == 0)
    }

    @Test func detailEditsReloadTheState() async throws {
        defer { folder.remove() }
        try await makeMix()
        let viewModel = PlaylistDetailViewModel(services: services)
        await viewModel.load("Mix")
        try await viewModel.move(from: 3, to: 1)
        #expect(viewModel.state.entries.map(\.track.title) == ["Three", "One", "Two"])
        #expect(try await viewModel.remove(positions: [2]) == 1)
        #expect(viewModel.state.entries.map(\.position) == [1, 2])
        await #expect(throws: LibraryError.self) { try await viewModel.move(from: 1, to: 5) }
        #expect(viewModel.state.entries.map(\.track.title) == ["Three", "Two"])
        #expect(try await viewModel.exportM3U(paths: .absolute).hasPrefix("#EXTM3U\n#EXTINF:1,Artist - Three\n"))
    }

    @Test func unknownPlaylistFailsWithAMessage() async throws {
        defer { folder.remove() }
        let viewModel = PlaylistDetailViewModel(services: services)
        await viewModel.load("Nope")
        #expect(viewModel.state.viewState == .failed(LibraryError(.notFound, "No playlist named \"Nope\": see `kanora playlist list`.")))
    }

    @Test func twoSubscribersBothSeeAnEditMadeElsewhere() async throws {
        defer { folder.remove() }
        try await makeMix()
        let viewModel = PlaylistDetailViewModel(services: services)
        await viewModel.load("Mix")
        viewModel.startObserving()
        let first = viewModel.updates(), second = viewModel.updates()

        _ = try await services.playlists.remove(positions: [1], from: "Mix")

        let isEdited: @Sendable (PlaylistDetailViewModel.State) -> Bool = { $0.entries.map(\.track.title) == ["Two", "Three"] }
        _ = try await Wait.first("the edit, on the first subscriber's stream", in: first, where: isEdited)
        _ = try await Wait.first("the edit, on the second subscriber's stream", in: second, where: isEdited)
    }

    @Test func aScanThatMarksATrackMissingUpdatesAnOpenPlaylist() async throws {
        defer { folder.remove() }
        try await makeMix()
        let viewModel = PlaylistDetailViewModel(services: services)
        await viewModel.load("Mix")
        viewModel.startObserving()
        let updates = viewModel.updates()

        try FileManager.default.removeItem(atPath: folder.path("2.mp3"))
        _ = try await services.scanner.run(folder.url.path)

        let state = try await Wait.first("the entry marked missing", in: updates) { $0.missingCount == 1 }
        #expect(state.entries.map(\.track.isMissing) == [false, true, false])
        #expect(state.entries.count == 3)
    }

    @Test func listFollowsCreatesRenamesAndDeletes() async throws {
        defer { folder.remove() }
        try await makeMix()
        let list = PlaylistListViewModel(services: services)
        await list.load()
        #expect(list.state.playlists.map(\.name) == ["Mix"])
        #expect(list.state.playlists.first?.trackCount == 3)
        list.startObserving()
        let updates = list.updates()

        _ = try await list.create(PlaylistDraft(name: "All", rule: SmartRule(query: .all)))
        _ = try await list.rename("Mix", to: "Zed")
        _ = try await list.duplicate("Zed", as: "Copy")
        _ = try await list.delete("Zed")

        let state = try await Wait.first("the edited playlists", in: updates) { $0.playlists.map(\.name) == ["All", "Copy"] }
        #expect(state.playlists.map(\.isSmart) == [true, false])
        #expect(state.playlists.map(\.trackCount) == [3, 3])
    }
}
