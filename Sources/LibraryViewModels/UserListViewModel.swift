import Foundation
import LibraryCore
import LibraryServices

/// The users who may log in to `kanora serve`, and the edits `kanora user` makes.
public final class UserListViewModel: ViewModel {
    /// Everything a view shows.
    public struct State: LoadingState {
        public var viewState: ViewState = .idle
        public var users: [User] = []

        public init(viewState: ViewState = .idle, users: [User] = []) {
            self.viewState = viewState
            self.users = users
        }
    }

    private let services: ServiceContainer
    /// Where the state lives: `state` and `updates()` come from `ViewModel`.
    public let store: StateStore<State>

    public init(services: ServiceContainer, state: State = State()) {
        self.services = services
        self.store = StateStore(state)
    }

    /// Loads every user.
    public func load() async {
        await load { State(viewState: .loaded, users: try await services.users.users()) }
    }

    /// Adds a user with a password.
    public func add(_ name: String, password: String, isAdmin: Bool) async throws -> User {
        try await services.users.addUser(named: name, password: password, isAdmin: isAdmin)
    }

    /// Removes a user with their playlists, marks and keys.
    public func remove(_ name: String) async throws -> User {
        try await services.users.removeUser(named: name)
    }

    /// Replaces a user's password; unless `keepingKeys`, revokes their API keys too.
    /// Returns how many keys were revoked.
    public func setPassword(_ password: String, for name: String, keepingKeys: Bool) async throws -> Int {
        try await services.users.setPassword(password, forUser: name, keepingKeys: keepingKeys)
    }

    /// Creates an API key with an optional label; the returned key is the only copy.
    public func createAPIKey(for name: String, label: String?) async throws -> NewAPIKey {
        try await services.users.createAPIKey(forUser: name, label: label)
    }

    /// A user's API keys (ids, labels, dates; never the keys), oldest first.
    public func apiKeys(of name: String) async throws -> [APIKeyInfo] {
        try await services.users.apiKeys(forUser: name)
    }

    /// Revokes one of a user's API keys by id.
    public func revokeAPIKey(_ id: Int64, of name: String) async throws -> APIKeyInfo {
        try await services.users.revokeAPIKey(id: id, forUser: name)
    }

    /// Revokes every API key of a user; returns how many there were.
    public func revokeAPIKeys(of name: String) async throws -> Int {
        try await services.users.revokeAPIKeys(forUser: name)
    }

    /// A view model showing `state`, over services that fail if called: for tests and previews.
    public static func stub(_ state: State = State(viewState: .loaded)) -> UserListViewModel {
        UserListViewModel(services: .mock(), state: state)
    }
}
