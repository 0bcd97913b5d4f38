import ArgumentParser
import Foundation
import LibraryCore
import LibraryServices
import LibraryViewModels

extension Kanora {
    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List tracks, albums or artists matching a query.",
            discussion: """
                Examples:
                  kanora list                          every track
                  kanora list albums artist:björk       albums with a matching track
                  kanora list year:1990..1999 --sort year+
                """)

        @OptionGroup var global: GlobalOptions

        @Option(name: .long, parsing: .upToNextOption, help: "Sort keys, e.g. `--sort year+ title-`.")
        var sort: [String] = []

        @Option(name: .long, help: "Show at most this many rows.")
        var limit: Int?

        @Flag(name: .long, help: "Include tracks whose files are missing.")
        var missing = false

        @Argument(parsing: .allUnrecognized, help: "What to list (tracks, albums or artists; default tracks), then query terms such as `artist:björk`.")
        var terms: [String] = []

        func validate() throws {
            if let limit, limit < 1 { throw ArgumentParser.ValidationError("--limit must be at least 1.") }
        }

        /// The target named by the first term, and the remaining query terms.
        var targetAndQuery: (QueryTarget, [String]) {
            if let first = terms.first, let target = QueryTarget(rawValue: first.lowercased()) {
                return (target, Array(terms.dropFirst()))
            }
            return (.tracks, terms)
        }

        func run() async throws {
            let (target, queryTerms) = targetAndQuery
            let request: ListRequest
            do {
                request = ListRequest(
                    query: try LibraryQuery.parse(queryTerms),
                    sort: sort.isEmpty ? nil : try LibrarySort.parse(sort.flatMap { $0.split(separator: " ").map(String.init) }, for: target),
                    limit: limit, includeMissing: missing)
            } catch {
                throw LibraryError(.invalidInput, error.message)
            }
            let viewModel = TrackListViewModel(services: try global.services(mustExist: true))
            await viewModel.load(target, request)
            let state = viewModel.state
            if let message = state.viewState.failureMessage { throw LibraryError(.invalidInput, message) }
            render(state.rows)
        }

        private func render(_ rows: TrackListViewModel.Rows) {
            let console = Console.current
            if global.json {
                switch rows {
                case .tracks(let tracks): console.out(JSONOutput.text(tracks.map(TrackJSON.init)))
                case .albums(let albums): console.out(JSONOutput.text(albums.map(AlbumJSON.init)))
                case .artists(let artists): console.out(JSONOutput.text(artists.map(ArtistJSON.init)))
                }
                return
            }
            guard rows.count > 0 else {
                if !global.quiet { console.err("kanora: nothing matches") }
                return
            }
            for line in Tables.table(for: rows).render(maxWidth: console.outputWidth) {
                console.out(line)
            }
        }
    }
}
