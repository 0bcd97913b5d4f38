import ArgumentParser
import Foundation
import LibraryCore
import LibraryServices
import LibraryViewModels

extension Kanora {
    struct LibraryCommand: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "library",
            abstract: "List, rename or remove libraries.",
            subcommands: [ListLibraries.self, Rename.self, Remove.self],
            defaultSubcommand: ListLibraries.self)
    }
}

extension Kanora.LibraryCommand {
    struct ListLibraries: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "List the libraries.")

        @OptionGroup var global: GlobalOptions

        func run() async throws {
            let viewModel = LibraryViewModel(services: try global.services(mustExist: true))
            let state = try await viewModel.loadedState { await $0.load() }
            let console = Console.current
            global.print(json: state.libraries.map(JSONObject.library)) {
                var table = TextTable(columns: [.init(title: "NAME", flexible: true), .init(title: "ROOT", flexible: true), .init(title: "LAST SCAN")])
                table.rows = state.libraries.map { [$0.name, $0.root.text, $0.lastScanAt.map(Formatting.timestamp) ?? "never"] }
                for line in table.render(maxWidth: console.outputWidth) { console.out(line) }
            }
        }
    }

    struct Rename: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "rename", abstract: "Rename a library.")

        @OptionGroup var global: GlobalOptions
        @Argument(help: "The library's current name.") var name: String
        @Argument(help: "Its new name.") var newName: String

        func validate() throws {
            do { _ = try LibraryRules.name.validate(newName) } catch { throw ArgumentParser.ValidationError(error.message) }
        }

        func run() async throws {
            let viewModel = LibraryViewModel(services: try global.services(mustExist: true))
            let library = try await viewModel.rename(name, to: newName)
            if !global.quiet { Console.current.out("Renamed \"\(name)\" to \"\(library.name)\".") }
        }
    }

    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "remove",
            abstract: "Forget a library and its tracks (the music files are not touched).")

        @OptionGroup var global: GlobalOptions
        @Argument(help: "The library's name.") var name: String

        func run() async throws {
            let viewModel = LibraryViewModel(services: try global.services(mustExist: true))
            let library = try await viewModel.remove(name)
            if !global.quiet { Console.current.out("Removed library \"\(library.name)\" (\(library.root.text)); its files are untouched.") }
        }
    }
}

extension JSONObject {
    /// One library in `kanora library list --json`.
    static func library(_ library: Library) -> JSONObject {
        JSONObject([
            "id": library.id, "name": library.name, "root": library.root.text,
            "lastScan": library.lastScanAt.map(Formatting.timestamp),
        ])
    }
}
