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

        _ = try await viewModel.add("alice", password: "password-one", isAdmin: true)
        _ = try await viewModel.createAPIKey(for: "alice", label: "phone")
        await viewModel.load()
        let alice = try #require(viewModel.state.users.first { $0.name == "alice" })
        #expect(alice.isAdmin && alice.hasPassword && alice.apiKeyCount == 1)

        _ = try await viewModel.remove("alice")
        await viewModel.load()
        #expect(viewModel.state.users.map(\.name) == ["local"])
    }

    @Test func keysAreListedAndRevokedThroughTheViewModel() async throws {
        let viewModel = UserListViewModel(services: try .inMemory())
        _ = try await viewModel.add("alice", password: "password-one", isAdmin: false)
        let phone = try await viewModel.createAPIKey(for: "alice", label: "phone")
        _ = try await viewModel.createAPIKey(for: "alice", label: nil)
        #expect(try await viewModel.apiKeys(of: "alice").map(\.label) == ["phone", nil])
        #expect(try await viewModel.revokeAPIKey(phone.info.id, of: "alice").id == phone.info.id)
        #expect(try await viewModel.apiKeys(of: "alice").count == 1)
        #expect(try await viewModel.setPassword("password-two", for: "alice", keepingKeys: true) == 0)
        #expect(try await viewModel.revokeAPIKeys(of: "alice") == 1)
        #expect(try await viewModel.apiKeys(of: "alice").isEmpty)
    }

    @Test func aFailedLoadIsAFailedState() async {
        let viewModel = UserListViewModel.stub(.init())
        await viewModel.load()
        #expect(viewModel.state.viewState.failure?.code == .unimplemented)
    }
}
