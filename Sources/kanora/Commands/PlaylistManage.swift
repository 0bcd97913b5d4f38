import ArgumentParser
import Foundation
import LibraryCore
import LibraryServices
import LibraryViewModels

extension Kanora.PlaylistCommand {
    struct Rename: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "rename", abstract: "Rename a playlist.")

        @OptionGroup var global: GlobalOptions
        @Argument(help: "The playlist's current name.") var name: String
        @Argument(help: "Its new name.") var newName: String

        func validate() throws { try PlaylistCLI.validateName(newName) }

        func run() async throws {
            let playlist = try await PlaylistCLI.list(global).rename(name, to: newName)
            if !global.quiet { Console.current.out("Renamed \"\(name)\" to \"\(playlist.name)\".") }
        }
    }

    struct Delete: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "delete", abstract: "Delete a playlist (its tracks stay in the library).")

        @OptionGroup var global: GlobalOptions
        @Argument(help: "The playlist's name.") var name: String

        func run() async throws {
            let playlist = try await PlaylistCLI.list(global).delete(name)
            if !global.quiet { Console.current.out("Deleted playlist \"\(playlist.name)\" (\(PlaylistCLI.entries(playlist.trackCount))).") }
        }
    }

    struct Duplicate: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "duplicate", abstract: "Copy a playlist under a new name.")

        @OptionGroup var global: GlobalOptions
        @Argument(help: "The playlist to copy.") var name: String
        @Argument(help: "The copy's name.") var newName: String

        func validate() throws { try PlaylistCLI.validateName(newName) }

        func run() async throws {
            let copy = try await PlaylistCLI.list(global).duplicate(name, as: newName)
            if !global.quiet { Console.current.out("Copied \"\(name)\" to \"\(copy.name)\" (\(PlaylistCLI.entries(copy.trackCount))).") }
        }
    }
}
