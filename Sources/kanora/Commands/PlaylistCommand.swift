import ArgumentParser
import Foundation
import LibraryCore
import LibraryServices
import LibraryViewModels

extension Kanora {
    struct PlaylistCommand: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "playlist",
            abstract: "Create, edit, import and export playlists.",
            discussion: """
                Positions are 1-based. A smart playlist (`create NAME --query ...`) is evaluated \
                whenever it is shown; freeze it (`playlist freeze NAME`, or `create ... --freeze`) \
                to turn its current result into a normal playlist you can edit.
                """,
            subcommands: [
                ListPlaylists.self, ShowPlaylist.self, Create.self, Rename.self, Delete.self, Duplicate.self,
                Add.self, RemoveEntries.self, Move.self, Clear.self, Dedupe.self, Freeze.self,
                Import.self, Export.self,
            ],
            defaultSubcommand: ListPlaylists.self)
    }
}

/// Helpers shared by the playlist subcommands.
enum PlaylistCLI {
    /// Checks a playlist name with the one rule (`PlaylistRules`), as a usage error.
    static func validateName(_ name: String) throws {
        do { _ = try PlaylistRules.name.validate(name) } catch { throw ArgumentParser.ValidationError(error.message) }
    }

    /// Checks that positions are 1-based.
    static func validatePositions(_ positions: [Int]) throws {
        if let bad = positions.first(where: { $0 < 1 }) {
            throw ArgumentParser.ValidationError("Position \(bad) is not valid: positions start at 1.")
        }
    }

    /// The query of `--query` values: each holds terms separated by spaces (quote values with
    /// spaces, `,` is OR), as a smart playlist stores it; several values are ANDed.
    static func query(_ values: [String], currentDirectory: String = FileManager.default.currentDirectoryPath) throws(QueryError) -> LibraryQuery {
        try LibraryQuery.parse(values.joined(separator: " "), currentDirectory: currentDirectory)
    }

    /// A detail view model with the playlist `name` loaded; throws when it cannot load.
    static func detail(_ name: String, _ global: GlobalOptions) async throws -> PlaylistDetailViewModel {
        let viewModel = PlaylistDetailViewModel(services: try global.services(mustExist: true))
        _ = try await viewModel.loadedState { await $0.load(name) }
        return viewModel
    }

    /// A list view model over the database.
    static func list(_ global: GlobalOptions) throws -> PlaylistListViewModel {
        PlaylistListViewModel(services: try global.services(mustExist: true))
    }

    /// "1 entry", "3 entries".
    static func entries(_ count: Int) -> String {
        "\(count) entr\(count == 1 ? "y" : "ies")"
    }

    /// Parses sort keys for tracks, as a usage error.
    static func sort(_ keys: [String]) throws -> LibrarySort? {
        guard !keys.isEmpty else { return nil }
        do { return try LibrarySort.parse(keys, for: .tracks) } catch { throw ArgumentParser.ValidationError(error.message) }
    }
}
