import Foundation
import LibraryCore
import LibraryServices
import LibraryViewModels
import Testing

@Suite("User list view model")
struct UserListViewModelTests {
    @Test func loadsUsersAndReflectsEdits() async throws {
        let viewModel = UserListViewModel(services: try .inMemory())
        await viewModel.load()
        #expect(viewModel.state.viewState == .loaded)
        #expect(viewModel.state.users.map(\.name) == ["local"])

        _ = try await viewModel.add("alice", password: "pw", isAdmin: true)
        _ = try await viewModel.createAPIKey(for: "alice")
        await viewModel.load()
        let alice = try #require(viewModel.state.users.first { $0.name == "alice" })
        #expect(alice.isAdmin && alice.hasPassword && alice.apiKeyCount == 1)

        _ = try await viewModel.remove("alice")
        await viewModel.load()
        #expect(viewModel.state.users.map(\.name) == ["local"])
    }

    @Test func aFailedLoadIsAFailedState() async {
        let viewModel = UserListViewModel.stub(.init())
        await viewModel.load()
        #expect(viewModel.state.viewState.failure?.code == .unimplemented)
    }
}
