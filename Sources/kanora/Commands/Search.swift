import ArgumentParser
import Foundation
import LibraryCore
import LibraryServices
import LibraryViewModels

extension Kanora {
    struct Search: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "search",
            abstract: "Find tracks by words in their title, artists, album, composer or genre.",
            discussion: """
                Case and accents are ignored (`bjork` finds Björk) and the last word may be the \
                start of a word (`blue tra` finds "Blue Train"). Best matches come first, title \
                matches before album or genre matches. Missing tracks are not listed.
                """)

        @OptionGroup var global: GlobalOptions
        @OptionGroup var output: OutputOptions

        @Option(name: .long, help: "Show at most this many tracks.")
        var limit: Int?

        @Argument(help: "The words to search for.")
        var words: [String] = []

        var text: String { words.joined(separator: " ") }

        func validate() throws {
            if let limit, limit < 1 { throw ArgumentParser.ValidationError("--limit must be at least 1.") }
            do { _ = try SearchQuery.parse(text) } catch { throw ArgumentParser.ValidationError(error.message) }
            _ = try output.mode(json: global.json, target: .tracks)
        }

        func run() async throws {
            let mode = try output.mode(json: global.json, target: .tracks)
            let printer = RowPrinter(mode: mode, quiet: global.quiet)
            let viewModel = SearchViewModel(services: try global.services(mustExist: true))
            if mode == .table {
                // A table shows one line a track: cells straight from the stored bytes.
                let table = TrackLineTable()
                _ = try await viewModel.loadedState { await $0.streamSearchLines(text, limit: limit) { table.write($0) } }
                printer.print(table: table.cells)
                return
            }
            let stream = RowStream(printer.trackWriter())
            _ = try await viewModel.loadedState { await $0.streamSearch(text, limit: limit, detail: mode.trackDetail) { stream.write($0) } }
            stream.finish()
        }
    }
}
