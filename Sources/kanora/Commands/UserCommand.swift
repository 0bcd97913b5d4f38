import ArgumentParser
import Foundation
import LibraryCore
import LibraryServices
import LibraryViewModels

extension Kanora {
    struct UserCommand: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "user",
            abstract: "Manage the users who log in to `kanora serve`, their passwords and API keys.",
            discussion: """
                Passwords are typed twice without echo, or read as one line from stdin with \
                --password-stdin. They are stored encrypted with a key kept in a private file \
                beside the database (DATABASE-secret, mode 0600). Passwords need at least \
                \(UserRules.passwordMinLength) characters. API keys are stored hashed and shown only \
                once; `kanora user keys NAME` lists them (never the keys), `kanora user key NAME \
                --revoke ID` revokes one. The command line acts as the user "local".
                """,
            subcommands: [ListUsers.self, Add.self, Remove.self, Passwd.self, Key.self, Keys.self],
            defaultSubcommand: ListUsers.self)
    }
}

/// Helpers shared by the user subcommands.
enum UserCLI {
    /// Checks a user name with the one rule (`UserRules`), as a usage error.
    static func validateName(_ name: String) throws {
        do { _ = try UserRules.name.validate(name) } catch { throw ArgumentParser.ValidationError(error.message) }
    }

    /// A new password read as `PasswordInput` reads it, checked with the one rule
    /// (`UserRules.validatePassword`) before anything is opened or written.
    static func newPassword(fromStdin: Bool) throws -> String {
        let password = try PasswordInput.current.newPassword(fromStdin: fromStdin)
        do { try UserRules.validatePassword(password) } catch { throw LibraryError(.invalidInput, error.message) }
        return password
    }

    /// A user view model over the database; `create` makes the database if it is new.
    static func viewModel(_ global: GlobalOptions, create: Bool = false) throws -> UserListViewModel {
        UserListViewModel(services: try global.localServices(mustExist: !create, command: "user"))
    }
}

extension Kanora.UserCommand {
    struct ListUsers: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "List the users.")

        @OptionGroup var global: GlobalOptions

        func run() async throws {
            let state = try await UserCLI.viewModel(global).loadedState { await $0.load() }
            let console = Console.current
            global.print(json: state.users.map(JSONObject.user)) {
                var table = TextTable(columns: [
                    .init(title: "NAME", flexible: true), .init(title: "ADMIN"), .init(title: "PASSWORD"),
                    .init(title: "KEYS", rightAligned: true),
                ])
                table.rows = state.users.map { [$0.name, $0.isAdmin ? "yes" : "no", $0.hasPassword ? "set" : "none", String($0.apiKeyCount)] }
                for line in table.render(maxWidth: console.outputWidth) { console.out(line) }
            }
        }
    }

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "add", abstract: "Add a user with a password.")

        @OptionGroup var global: GlobalOptions
        @Argument(help: "The user's name (ignoring case, unique).") var name: String
        @Flag(help: "Let the user administer the server.") var admin = false
        @Flag(help: "Read the password as one line from stdin instead of prompting.") var passwordStdin = false

        func validate() throws { try UserCLI.validateName(name) }

        func run() async throws {
            let password = try UserCLI.newPassword(fromStdin: passwordStdin)
            let viewModel = try UserCLI.viewModel(global, create: true)
            let user = try await viewModel.add(name, password: password, isAdmin: admin)
            if !global.quiet { Console.current.out("Added user \"\(user.name)\"\(user.isAdmin ? " (admin)" : "").") }
        }
    }

    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "remove", abstract: "Remove a user with their playlists, stars, ratings, play counts and keys.")

        @OptionGroup var global: GlobalOptions
        @Argument(help: "The user's name.") var name: String

        func run() async throws {
            let user = try await UserCLI.viewModel(global).remove(name)
            if !global.quiet { Console.current.out("Removed user \"\(user.name)\".") }
        }
    }

    struct Passwd: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "passwd",
            abstract: "Set a user's password, revoking their API keys (unless --keep-keys).")

        @OptionGroup var global: GlobalOptions
        @Argument(help: "The user's name.") var name: String
        @Flag(help: "Read the password as one line from stdin instead of prompting.") var passwordStdin = false
        @Flag(help: "Keep the user's API keys valid (by default a new password revokes them).") var keepKeys = false

        func run() async throws {
            let viewModel = try UserCLI.viewModel(global)
            let password = try UserCLI.newPassword(fromStdin: passwordStdin)
            let revoked = try await viewModel.setPassword(password, for: name, keepingKeys: keepKeys)
            guard !global.quiet else { return }
            let keys = switch (keepKeys, revoked) {
            case (true, _): "their API keys still work."
            case (false, 0): "they had no API keys to revoke."
            case (false, 1): "1 API key revoked (pass --keep-keys to keep keys)."
            case (false, _): "\(revoked) API keys revoked (pass --keep-keys to keep keys)."
            }
            Console.current.err("Password of \"\(name)\" changed; \(keys)")
        }
    }
}

extension JSONObject {
    /// One user in `kanora user list --json`.
    static func user(_ user: User) -> JSONObject {
        JSONObject([
            "id": user.id, "name": user.name, "admin": user.isAdmin, "hasPassword": user.hasPassword,
            "apiKeys": user.apiKeyCount, "created": Formatting.timestamp(user.createdAt),
        ])
    }
}
