import ArgumentParser
import Foundation
import LibraryCore
import LibraryServices
import LibraryViewModels

extension Kanora.PlaylistCommand {
    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "add",
            abstract: "Add the tracks a query matches, in the query's order.",
            discussion: """
                A bare number is a track id and an existing file or folder is a path: \
                `kanora playlist add Mix 12 7 ~/Music/a.flac` adds those in the order given. \
                Otherwise the arguments form one query, one term per argument (`id:` and `path:` terms work too).
                """)

        @OptionGroup var global: GlobalOptions
        @Argument(help: "The playlist's name.") var name: String
        @Option(help: "Insert at this position (1-based; default: the end).") var at: Int?
        @Option(parsing: .upToNextOption, help: "Sort keys for the query's tracks, e.g. `--sort year+`.") var sort: [String] = []
        @Option(help: "Add at most this many tracks.") var limit: Int?
        @Argument(parsing: .allUnrecognized, help: "Query terms, track ids or file paths.") var terms: [String] = []

        func validate() throws {
            if terms.isEmpty { throw ArgumentParser.ValidationError("Say what to add: a query such as `artist:björk`, track ids or file paths.") }
            if let at { try PlaylistCLI.validatePositions([at]) }
            if let limit, limit < 1 { throw ArgumentParser.ValidationError("--limit must be at least 1.") }
            _ = try requests()
        }

        /// One request per id or path when every argument is one, else one query.
        func requests(currentDirectory: String = FileManager.default.currentDirectoryPath) throws -> [ListRequest] {
            let references = terms.map { TrackReference($0, currentDirectory: currentDirectory) }
            do {
                let sortOrder = try PlaylistCLI.sort(sort)
                if references.allSatisfy({ $0 != nil }) {
                    return try references.compactMap { $0 }.map { reference throws(QueryError) in
                        ListRequest(query: try LibraryQuery.parse(arguments: [reference.term], currentDirectory: currentDirectory),
                                    sort: sortOrder, limit: limit, includeMissing: true)
                    }
                }
                let query = try LibraryQuery.parse(arguments: zip(terms, references).map { $1?.term ?? $0 }, currentDirectory: currentDirectory)
                return [ListRequest(query: query, sort: sortOrder, limit: limit)]
            } catch let error as QueryError {
                throw ArgumentParser.ValidationError(error.message)
            }
        }

        func run() async throws {
            let viewModel = try await PlaylistCLI.detail(name, global)
            let count = try await viewModel.add(try requests(), at: at)
            guard !global.quiet, let playlist = viewModel.state.playlist else { return }
            Console.current.out("Added \(PlaylistCLI.entries(count)) to \"\(playlist.name)\" (now \(PlaylistCLI.entries(viewModel.state.entries.count))).")
        }
    }

    struct RemoveEntries: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "remove", abstract: "Remove entries by position, or those whose tracks match --query.")

        @OptionGroup var global: GlobalOptions
        @Argument(help: "The playlist's name.") var name: String
        @Argument(help: "The positions to remove (1-based).") var positions: [Int] = []
        @Option(help: "Remove the entries whose tracks match this query instead, e.g. 'artist:nico'.") var query: [String] = []

        func validate() throws {
            if positions.isEmpty == query.isEmpty {
                throw ArgumentParser.ValidationError("Give either positions or --query, e.g. `kanora playlist remove Mix 3 5`.")
            }
            try PlaylistCLI.validatePositions(positions)
            _ = try parsedQuery()
        }

        func parsedQuery() throws -> LibraryQuery? {
            guard !query.isEmpty else { return nil }
            do { return try PlaylistCLI.query(query) } catch { throw ArgumentParser.ValidationError(error.message) }
        }

        func run() async throws {
            let viewModel = try await PlaylistCLI.detail(name, global)
            let count: Int
            if let query = try parsedQuery() {
                count = try await viewModel.remove(matching: query)
            } else {
                count = try await viewModel.remove(positions: positions)
            }
            guard !global.quiet, let playlist = viewModel.state.playlist else { return }
            Console.current.out("Removed \(PlaylistCLI.entries(count)) from \"\(playlist.name)\" (now \(PlaylistCLI.entries(viewModel.state.entries.count))).")
        }
    }

    struct Move: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "move", abstract: "Move an entry so it ends up at another position.")

        @OptionGroup var global: GlobalOptions
        @Argument(help: "The playlist's name.") var name: String
        @Argument(help: "The entry's position (1-based).") var from: Int
        @Argument(help: "Its new position.") var to: Int

        func validate() throws { try PlaylistCLI.validatePositions([from, to]) }

        func run() async throws {
            let viewModel = try await PlaylistCLI.detail(name, global)
            try await viewModel.move(from: from, to: to)
            if !global.quiet { Console.current.out("Moved entry \(from) of \"\(viewModel.state.playlist?.name ?? name)\" to \(to).") }
        }
    }

    struct Clear: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "clear", abstract: "Remove every entry of a playlist.")

        @OptionGroup var global: GlobalOptions
        @Argument(help: "The playlist's name.") var name: String

        func run() async throws {
            let viewModel = try await PlaylistCLI.detail(name, global)
            let count = try await viewModel.clear()
            if !global.quiet { Console.current.out("Cleared \"\(viewModel.state.playlist?.name ?? name)\" (\(PlaylistCLI.entries(count)) removed).") }
        }
    }

    struct Dedupe: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "dedupe", abstract: "Remove repeated tracks, keeping each one's first entry.")

        @OptionGroup var global: GlobalOptions
        @Argument(help: "The playlist's name.") var name: String

        func run() async throws {
            let viewModel = try await PlaylistCLI.detail(name, global)
            let count = try await viewModel.dedupe()
            if !global.quiet { Console.current.out("Removed \(PlaylistCLI.entries(count)) repeated in \"\(viewModel.state.playlist?.name ?? name)\".") }
        }
    }
}

/// A bare command-line argument naming one track: a numeric id or an existing path.
struct TrackReference: Equatable {
    /// The query term that finds it (`id:12`, `path:"/music/a b.flac"`).
    let term: String

    init?(_ argument: String, currentDirectory: String) {
        if let id = Int64(argument), id > 0 {
            term = "id:\(id)"
            return
        }
        let absolute = argument.hasPrefix("/") ? argument : currentDirectory + "/" + argument
        guard !argument.isEmpty, FileManager.default.fileExists(atPath: absolute) else { return nil }
        let escaped = absolute.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
        term = "path:\"\(escaped)\""
    }
}
