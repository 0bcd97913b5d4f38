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
            await viewModel.load()
            let state = viewModel.state
            try state.viewState.throwIfFailed()
            let console = Console.current
            if global.json {
                console.out(JSONOutput.text(state.libraries.map(LibraryJSON.init)))
                return
            }
            var table = TextTable(columns: [.init(title: "NAME", flexible: true), .init(title: "ROOT", flexible: true), .init(title: "LAST SCAN")])
            table.rows = state.libraries.map { [$0.name, $0.root.text, $0.lastScanAt.map(Formatting.timestamp) ?? "never"] }
            for line in table.render(maxWidth: console.outputWidth) { console.out(line) }
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

/// One library in `kanora library list --json`.
struct LibraryJSON: Encodable {
    let library: Library

    enum Keys: String, CodingKey { case id, name, root, lastScan }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(library.id, forKey: .id)
        try c.encode(library.name, forKey: .name)
        try c.encode(library.root.text, forKey: .root)
        try c.encode(library.lastScanAt.map(Formatting.timestamp), forKey: .lastScan)
    }
}
