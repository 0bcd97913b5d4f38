import ArgumentParser
import Foundation
import LibraryCore
import LibraryServices
import LibraryViewModels

extension Kanora.UserCommand {
    struct Key: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "key",
            abstract: "Create an API key for a user and print it (only this once: it is stored hashed), or revoke keys.",
            discussion: """
                `kanora user key alice --label phone` prints a new key. `--revoke ID` revokes the \
                key with that id (see `kanora user keys alice`); `--all` revokes every key of the user.
                """)

        @OptionGroup var global: GlobalOptions
        @Argument(help: "The user's name.") var name: String
        @Option(help: "What the key is for (e.g. phone), shown by `kanora user keys`.") var label: String?
        @Option(help: ArgumentHelp("Revoke the key with this id instead of creating one.", valueName: "ID")) var revoke: Int64?
        @Flag(help: "Revoke every key of the user instead of creating one.") var all = false

        func validate() throws {
            if revoke != nil && all { throw ArgumentParser.ValidationError("--revoke ID and --all cannot be used together: revoke one key or all of them.") }
            if label != nil && (revoke != nil || all) { throw ArgumentParser.ValidationError("--label names a new key: it cannot be used with --revoke or --all.") }
            do { _ = try UserRules.validateKeyLabel(label) } catch { throw ArgumentParser.ValidationError(error.message) }
        }

        func run() async throws {
            let viewModel = try UserCLI.viewModel(global)
            let console = Console.current
            if let revoke {
                let key = try await viewModel.revokeAPIKey(revoke, of: name)
                if !global.quiet { console.out("Revoked API key \(key.id)\(key.label.map { " (\($0))" } ?? "") of \"\(name)\".") }
            } else if all {
                let count = try await viewModel.revokeAPIKeys(of: name)
                if !global.quiet { console.out("Revoked \(count) API key\(count == 1 ? "" : "s") of \"\(name)\".") }
            } else {
                let created = try await viewModel.createAPIKey(for: name, label: label)
                console.out(created.key)
                if !global.quiet {
                    console.err("This is the only time the key is shown: keep it somewhere safe. Its id is \(created.info.id) (to revoke it: kanora user key \(name) --revoke \(created.info.id)).")
                }
            }
        }
    }

    struct Keys: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "keys",
            abstract: "List a user's API keys: id, label, created, last used (never the keys themselves).",
            discussion: """
                A server notes a key's last use in memory and writes it at most once a minute, so a \
                key in use shows here up to a minute late.
                """)

        @OptionGroup var global: GlobalOptions
        @Argument(help: "The user's name.") var name: String

        func run() async throws {
            let keys = try await UserCLI.viewModel(global).apiKeys(of: name)
            let console = Console.current
            global.print(json: keys.map(JSONObject.apiKey)) {
                guard !keys.isEmpty else {
                    if !global.quiet { console.err("\"\(name)\" has no API keys: create one with `kanora user key \(name)`.") }
                    return
                }
                var table = TextTable(columns: [
                    .init(title: "ID", rightAligned: true), .init(title: "LABEL", flexible: true),
                    .init(title: "CREATED"), .init(title: "LAST USED"),
                ])
                table.rows = keys.map { key in
                    [String(key.id), key.label ?? "", Formatting.timestamp(key.createdAt), key.lastUsedAt.map(Formatting.timestamp) ?? "never"]
                }
                for line in table.render(maxWidth: console.outputWidth) { console.out(line) }
            }
        }
    }
}

extension JSONObject {
    /// One key in `kanora user keys --json`: `{id, label, created, lastUsed}`, absent values null.
    static func apiKey(_ key: APIKeyInfo) -> JSONObject {
        JSONObject([
            "id": key.id, "label": key.label, "created": Formatting.timestamp(key.createdAt),
            "lastUsed": key.lastUsedAt.map(Formatting.timestamp),
        ])
    }
}
