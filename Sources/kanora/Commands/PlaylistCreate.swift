import ArgumentParser
import Foundation
import LibraryCore
import LibraryServices
import LibraryViewModels

extension Kanora.PlaylistCommand {
    struct Create: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "create",
            abstract: "Create a playlist: empty, or smart with --query.",
            discussion: """
                Examples:
                  kanora playlist create "Road trip" --description "Loud songs"
                  kanora playlist create "Old jazz" --query 'genre:jazz year:..1965' --sort year+ --limit 50
                  kanora playlist create "Jazz today" --query genre:jazz --freeze
                """)

        @OptionGroup var global: GlobalOptions
        @Argument(help: "The playlist's name (1 to 200 characters, one line, unique ignoring case).") var name: String
        @Option(help: "A description (at most 2,000 characters).") var description: String?
        @Option(help: "Make it a smart playlist: the query its tracks come from, e.g. 'genre:jazz year:..1965'.")
        var query: [String] = []
        @Option(parsing: .upToNextOption, help: "The smart playlist's sort keys, e.g. `--sort year+ title-`.")
        var sort: [String] = []
        @Option(help: "The smart playlist's largest number of tracks.") var limit: Int?
        @Flag(help: "Store the query's current result as a normal playlist instead of the query.")
        var freeze = false

        func validate() throws {
            do { try PlaylistDraft(name: name, description: description).validate() } catch {
                throw ArgumentParser.ValidationError(error.message)
            }
            if query.isEmpty && (!sort.isEmpty || limit != nil || freeze) {
                throw ArgumentParser.ValidationError("--sort, --limit and --freeze describe a smart playlist: give its --query too.")
            }
            if let limit, limit < 1 { throw ArgumentParser.ValidationError("--limit must be at least 1.") }
            _ = try rule()
        }

        /// The smart rule the options describe, or nil.
        func rule() throws -> SmartRule? {
            guard !query.isEmpty else { return nil }
            do {
                return SmartRule(query: try PlaylistCLI.query(query), sort: try PlaylistCLI.sort(sort), limit: limit)
            } catch let error as QueryError {
                throw ArgumentParser.ValidationError(error.message)
            }
        }

        func run() async throws {
            let draft = PlaylistDraft(name: name, description: description, rule: try rule(), freeze: freeze)
            let playlist = try await PlaylistCLI.list(global).create(draft)
            guard !global.quiet else { return }
            let kind = playlist.isSmart ? "smart playlist" : "playlist"
            Console.current.out("Created \(kind) \"\(playlist.name)\" (\(PlaylistCLI.entries(playlist.trackCount))).")
        }
    }

    struct Freeze: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "freeze",
            abstract: "Turn a smart playlist into a normal playlist holding its current tracks.")

        @OptionGroup var global: GlobalOptions
        @Argument(help: "The smart playlist's name.") var name: String

        func run() async throws {
            let playlist = try await PlaylistCLI.detail(name, global).freeze()
            if !global.quiet { Console.current.out("Froze \"\(playlist.name)\" with \(PlaylistCLI.entries(playlist.trackCount)).") }
        }
    }
}
